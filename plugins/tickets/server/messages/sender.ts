import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, isUniqueViolation } from '@zapdesk/plugin-api'
import { Message, Ticket } from '../models.ts'
import { indexWords } from '../search-words.ts'
import { fillVariables } from './outbound-text.ts'

/** The name the job is defined under: the tickets plugin's `sendMessage` (core prefixes jobs with the plugin). */
export const SEND_JOB = 'tickets:sendMessage'

/** An attachment already stored in the company's media (see core/storage): the path is its stored name. */
export interface OutboundMediaInput {
  path: string
  mimetype: string
  fileName: string
  /** image, audio, video or application (see mediaTypeOf). */
  type: string
}

export interface EnqueueInput {
  /** The text, or the caption of media, with the spec's variables filled in (outbound-text.ts); signatures are
   * added by the web (see README). */
  body: string
  /** The agent who wrote it; absent for bots, timeouts and automatic messages. */
  userId?: number | null
  quotedMsgId?: number | null
  media?: OutboundMediaInput
  /**
   * The channel message id to send under (newMessageId), chosen by a caller that must never send a message twice
   * (schedules). It is stored with the message, so a second call with the same id answers the message already stored
   * instead of storing another (a caller that died before recording the answer simply calls again). Without one, the
   * send job's claim fixes one (send-state.ts).
   */
  id?: string
}

/** image/audio/video by the mimetype's family; anything else goes as a document ('application'). */
export function mediaTypeOf(mimetype: string): string {
  const family = mimetype.split('/')[0].toLowerCase()
  return family === 'image' || family === 'audio' || family === 'video' ? family : 'application'
}

/**
 * `app.tickets.sender`: every outbound message (agents, bots, timeouts, the lifecycle's greetings) goes through
 * here. The row is stored first (queued) and the channel send happens in a job, so a request never waits on
 * WhatsApp and a send that fails is retried, then shown as failed, never lost (see send-job.ts).
 */
export class MessageSender {
  constructor(private app: FastifyInstance) {}

  /** Stores the message and queues its send. Works on closed tickets too (completion and rating messages). */
  async enqueue(companyId: number, ticketId: number, input: EnqueueInput): Promise<Message> {
    const { app } = this
    const body = await fillVariables(app, companyId, ticketId, input.body)
    const stored = await app.knex.transaction(async (trx) => {
      // Locked (MariaDB; SQLite serializes writers anyway) so the later of two messages sent at once ends up as
      // the ticket's lastMessage.
      const query = app.bind(Ticket).query(trx).forCompany(companyId).findById(ticketId)
      const ticket = await (app.dialect === 'sqlite' ? query : query.forUpdate())
      if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
      if (input.id) {
        const earlier = await this.storedUnder(companyId, input.id, trx)
        if (earlier) return { earlier } as { earlier: Message }
      }
      if (input.quotedMsgId) await this.checkQuoted(trx, companyId, ticket, input.quotedMsgId)
      const message = await app.bind(Message).query(trx).forCompany(companyId).insert({
        ticketId, contactId: ticket.contactId, whatsappId: ticket.whatsappId, externalId: input.id ?? null, body, fromMe: true,
        read: true, mediaType: input.media ? input.media.type : 'chat', mediaPath: input.media?.path ?? null,
        mediaName: input.media?.fileName.slice(0, 255) ?? null, mediaMimetype: input.media?.mimetype.slice(0, 120) ?? null,
        quotedMsgId: input.quotedMsgId ?? null, ack: 0, isDeleted: false, isEdited: false, participant: null,
        userId: input.userId ?? null, sendStatus: 'queued', sendError: null, sendAttempts: 0, raw: null,
      })
      const lastMessage = body || input.media?.fileName || ''
      await app.bind(Ticket).query(trx).forCompany(companyId).findById(ticketId).patch({ lastMessage, lastMessageAt: message.createdAt })
      await indexWords(trx, companyId, ticketId, body)
      return { message, previous: { lastMessage: ticket.lastMessage, lastMessageAt: ticket.lastMessageAt } }
    }).catch(async (err) => {
      // Two calls with one id at once: the unique (company, connection, external id) let one store it.
      const earlier = input.id && isUniqueViolation(err) ? await this.storedUnder(companyId, input.id) : undefined
      if (!earlier) throw err
      return { earlier } as { earlier: Message }
    })
    if ('earlier' in stored) {
      // Stored by an earlier call whose send job may never have been queued (it died right after the commit).
      if (stored.earlier.sendStatus === 'queued') await this.queueSend(companyId, stored.earlier.id)
      return stored.earlier
    }
    const { message, previous } = stored
    app.events.emit('message.created', { companyId, ticketId, messageId: message.id })
    app.events.emit('ticket.updated', { companyId, ticketId, previous })
    await this.queueSend(companyId, message.id)
    return message
  }

  /**
   * Queues (or re-queues) the send job of a stored message. The job id makes a second call while the job is still
   * pending a no-op. A queue that cannot take it (Redis down) leaves the row queued: the sweep queues it later.
   */
  async queueSend(companyId: number, messageId: number): Promise<void> {
    try {
      await this.app.jobs.enqueue(SEND_JOB, { companyId, messageId }, { jobId: `send-${messageId}` })
    } catch (err) {
      this.app.log.error({ err, companyId, messageId }, 'queueing a message send failed; the sweep will retry')
    }
  }

  /** The outbound message a caller stored under its own channel id (EnqueueInput.id), if any. */
  private async storedUnder(companyId: number, id: string, trx?: Knex.Transaction): Promise<Message | undefined> {
    return this.app.bind(Message).query(trx).forCompany(companyId).where({ externalId: id, fromMe: true }).first()
  }

  /** A reply may quote a message of the same conversation (this ticket or an earlier one of the same contact). */
  private async checkQuoted(trx: Knex.Transaction, companyId: number, ticket: Ticket, quotedMsgId: number) {
    const quoted = await this.app.bind(Message).query(trx).forCompany(companyId).findById(quotedMsgId)
    if (!quoted || (quoted.ticketId !== ticket.id && quoted.contactId !== ticket.contactId)) throw new AppError('ERR_NO_MESSAGE_FOUND', 404)
  }
}
