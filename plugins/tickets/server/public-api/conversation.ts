import type { FastifyInstance } from 'fastify'
import { AppError, toIso } from '@zapdesk/plugin-api'
import { Message, Ticket, TicketNote } from '../models.ts'

/** What a bot reads of a conversation: the text or caption, who said it, and the media it came with. */
export interface ConversationMessage {
  id: number
  body: string
  fromMe: boolean
  mediaType: string
  mediaPath: string | null
  mediaMimetype: string | null
  createdAt: string
}

/**
 * The newest `limit` messages of a ticket, answered oldest first (a chat model reads a conversation in order).
 * Deleted messages are left out: the customer took them back.
 */
export async function recentMessages(app: FastifyInstance, companyId: number, ticketId: number, limit: number): Promise<ConversationMessage[]> {
  const rows = await app.bind(Message).query().forCompany(companyId).where({ ticketId, isDeleted: false })
    .orderBy('id', 'desc').limit(Math.max(0, Math.min(limit, 500)))
  return rows.reverse().map((m) => ({
    id: m.id, body: m.body ?? '', fromMe: Boolean(m.fromMe), mediaType: m.mediaType, mediaPath: m.mediaPath ?? null,
    mediaMimetype: m.mediaMimetype ?? null, createdAt: toIso(m.createdAt) ?? '',
  }))
}

/** A note on the ticket's contact written by the platform (no author): e.g. why a bot handed the ticket to agents. */
export async function addSystemNote(app: FastifyInstance, companyId: number, ticketId: number, note: string): Promise<void> {
  const ticket = await app.bind(Ticket).query().forCompany(companyId).findById(ticketId)
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  await app.bind(TicketNote).query().forCompany(companyId).insert({ ticketId, contactId: ticket.contactId, userId: null, note: note.slice(0, 5000) })
}
