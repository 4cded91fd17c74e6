import type { FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'

export interface SampleCycle {
  startedAt: Date
  acceptedAt?: Date | null
  finishedAt?: Date | null
}

/**
 * A closed ticket of `contactId` served by `userId`, with finished service cycles and, when given, a rating: sample
 * activity for reports' tests and cross-tenant fixtures (`@zapdesk/tickets/testing`).
 */
export async function sampleActivity(
  app: FastifyInstance, companyId: number,
  s: { contactId: number; userId: number; lastMessage: string; cycles: SampleCycle[]; rating?: number },
): Promise<{ ticketId: number }> {
  const now = new Date()
  const stamp = { createdAt: now, updatedAt: now }
  const [ticketId] = await app.knex('tickets').insert({ companyId, uuid: randomUUID(), status: 'closed', active: null, contactId: s.contactId, userId: s.userId, lastMessage: s.lastMessage, ...stamp })
  for (const c of s.cycles) {
    await app.knex('ticketCycles').insert({ companyId, ticketId, userId: s.userId, startedAt: c.startedAt, acceptedAt: c.acceptedAt ?? null, finishedAt: c.finishedAt ?? null, ...stamp })
  }
  if (s.rating !== undefined) await app.knex('ticketRatings').insert({ companyId, ticketId, userId: s.userId, rate: s.rating, ...stamp })
  return { ticketId: Number(ticketId) }
}
