import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import type { Message, Ticket } from '../models.ts'
import { loadContactJid } from './recipient.ts'

const rows = (app: FastifyInstance, m: Message) => app.knex('messages').where({ id: m.id, companyId: m.companyId })

/**
 * Deletes an outbound message for everyone. A message not sent yet is cancelled (the send job never claims a deleted
 * row); one being sent right now cannot be either (409, try again); a sent one is revoked at the channel first and
 * stays as it was when the channel refuses (ERR_DELETE_WAPP_MSG), since the contact would still see it; a failed
 * one never reached the contact and is only marked here. Emits message.updated.
 */
export async function deleteMessage(app: FastifyInstance, message: Message, ticket: Ticket): Promise<void> {
  const { companyId } = message
  const cancelled = await rows(app, message).where({ sendStatus: 'queued' }).update({ isDeleted: true, updatedAt: new Date() })
  if (!cancelled) {
    const current = (await rows(app, message).first('sendStatus', 'externalId', 'whatsappId')) as Pick<Message, 'sendStatus' | 'externalId' | 'whatsappId'> | undefined
    if (!current) throw new AppError('ERR_NO_MESSAGE_FOUND', 404)
    if (current.sendStatus === 'sending' || current.sendStatus === 'queued') throw new AppError('ERR_DELETE_WAPP_MSG', 409, { reason: 'the message is being sent' })
    // A failed message never reached the channel, even when it carries the id it was to be sent under.
    if (current.externalId && current.sendStatus !== 'failed') {
      const chatJid = await loadContactJid(app, companyId, ticket.contactId)
      if (!chatJid || !current.whatsappId) throw new AppError('ERR_DELETE_WAPP_MSG', 400)
      try {
        await app.channels.revoke(companyId, current.whatsappId, { externalId: current.externalId, chatJid, fromMe: true })
      } catch (err) {
        app.log.warn({ err, companyId, messageId: message.id }, 'revoking a message failed')
        // Not connected: the same refusal, with the code the web already translates.
        throw new AppError('ERR_DELETE_WAPP_MSG', 400, { cause: (err as { code?: string }).code })
      }
    }
    await rows(app, message).update({ isDeleted: true, updatedAt: new Date() })
  }
  app.events.emit('message.updated', { companyId, ticketId: message.ticketId, messageId: message.id })
}
