import type { FastifyInstance } from 'fastify'
import type { InboundEdit, InboundRevoke } from '@zapdesk/connections/public'
import { Message } from '../models.ts'
import { indexWords } from '../search-words.ts'
import { fitText } from './content.ts'

function findMessage(app: FastifyInstance, companyId: number, whatsappId: number, externalId: string) {
  return app.bind(Message).query().forCompany(companyId).where({ whatsappId, externalId }).first()
}

/**
 * The author edited a message: the new text replaces the body (and joins the search index). An edit of a message we
 * never stored, or a redelivered edit, changes nothing.
 */
export async function editMessage(app: FastifyInstance, companyId: number, whatsappId: number, event: InboundEdit): Promise<void> {
  const message = await findMessage(app, companyId, whatsappId, event.externalId)
  const body = fitText(event.body)
  if (!message || (message.isEdited && message.body === body)) return
  await app.bind(Message).query().forCompany(companyId).findById(message.id).patch({ body, isEdited: true })
  await indexWords(app.knex, companyId, message.ticketId, body)
  app.events.emit('message.updated', { companyId, ticketId: message.ticketId, messageId: message.id })
}

/** The author deleted a message for everyone: it is kept, marked deleted (the agents see that it was revoked). */
export async function revokeMessage(app: FastifyInstance, companyId: number, whatsappId: number, event: InboundRevoke): Promise<void> {
  const message = await findMessage(app, companyId, whatsappId, event.externalId)
  if (!message || message.isDeleted) return
  await app.bind(Message).query().forCompany(companyId).findById(message.id).patch({ isDeleted: true })
  app.events.emit('message.updated', { companyId, ticketId: message.ticketId, messageId: message.id })
}
