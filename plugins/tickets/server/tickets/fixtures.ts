import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { indexWords } from '../search-words.ts'

/**
 * Sample data of a company for the cross-tenant and hostile-input checks (core/testing/tenant-data.ts): a contact
 * with an open ticket that any user of the company may open (no queue), a message and a note, each carrying the
 * marker. The message is already read: the controls' own reads (B's admin opening B's ticket) must not change
 * B's rows, or the final comparison could not tell them from a leak. Keys follow the convention: `tickets` (:id), `tickets.uuid`, `ticketId` (any route's :ticketId and body
 * field), `ticket-notes` (:id), `ticket-notes.contactId` (the note routes' contactId must be the ticket's contact),
 * `messages` (:id of the messages routes).
 */
export async function ticketsFixtures(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number | string>> {
  const now = new Date()
  const name = `Ticket contact ${marker}`
  const number = `55219${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const contactId = (await app.contacts.findOrCreateContact(companyId, { number, name })).contact.id
  const uuid = randomUUID()
  const [ticketId] = await app.knex('tickets').insert({
    companyId, uuid, status: 'open', active: 1, contactId, whatsappId: null, userId: null, queueId: null,
    lastMessage: `Last message ${marker}`, unreadMessages: 0, createdAt: now, updatedAt: now,
  }).returning('id').then(ids)
  const body = `Hello ${marker}`
  const [messageId] = await app.knex('messages').insert({ companyId, ticketId, contactId, body, fromMe: false, read: true, mediaType: 'chat', createdAt: now, updatedAt: now }).returning('id').then(ids)
  await indexWords(app.knex, companyId, ticketId, body)
  const [noteId] = await app.knex('ticketNotes').insert({ companyId, ticketId, contactId, userId: null, note: `Note ${marker}`, createdAt: now, updatedAt: now }).returning('id').then(ids)
  return { tickets: ticketId, 'tickets.uuid': uuid, ticketId, 'ticket-notes': noteId, 'ticket-notes.contactId': contactId, messages: messageId }
}

/** Insert ids as numbers on both databases (MariaDB answers `[id]`, SQLite `[{ id }]` with returning). */
const ids = (rows: unknown[]): number[] => rows.map((r) => Number(typeof r === 'object' && r !== null ? (r as { id: number }).id : r))
