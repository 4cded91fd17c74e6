import type { FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'

export interface SampleTicket {
  name: string
  lastMessage: string
  status?: 'pending' | 'open' | 'closed'
  queueId?: number | null
  userId?: number | null
  /** Later is higher on the board. */
  updatedAt?: Date
}

/**
 * A ticket row for other plugins' tests and cross-tenant fixtures (`@zapdesk/tickets/testing`), made the way the
 * pipeline leaves one (a contact through `app.contacts`, `active` 1 while pending/open), with the status, queue,
 * user, last message and time a test needs and no connection: the lifecycle would insist on one.
 */
export async function sampleTicket(app: FastifyInstance, companyId: number, s: SampleTicket): Promise<{ id: number; uuid: string; contactId: number }> {
  const number = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const { contact } = await app.contacts.findOrCreateContact(companyId, { number, name: s.name })
  const status = s.status ?? 'open'
  const at = s.updatedAt ?? new Date()
  const uuid = randomUUID()
  const [id] = await app.knex('tickets').insert({
    companyId, uuid, status, active: status === 'closed' ? null : 1, contactId: contact.id, whatsappId: null,
    userId: s.userId ?? null, queueId: s.queueId ?? null, lastMessage: s.lastMessage, lastMessageAt: at, unreadMessages: 0, createdAt: at, updatedAt: at,
  })
  return { id: Number(id), uuid, contactId: contact.id }
}
