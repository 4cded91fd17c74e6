import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

/**
 * Rows written straight into the tickets plugin's tables, with the times a test needs. Dates are bound as Date
 * objects, as every writer of these tables does, so they land in each database's own DATETIME form.
 */
export type Headers = { authorization: string }

export const get = (app: FastifyInstance, url: string, headers: Headers) => app.inject({ method: 'GET', url: `/api${url}`, headers })

const at = (iso: string | null | undefined) => (iso ? new Date(iso) : null)

export async function addContact(app: FastifyInstance, companyId: number, createdAt: string, opts: { isGroup?: boolean } = {}): Promise<number> {
  const name = `Contato ${randomUUID().slice(0, 8)}`
  const number = opts.isGroup ? `1203630${Date.now()}${Math.floor(Math.random() * 1e6)}-group` : `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const when = new Date(createdAt)
  const [id] = await app.knex('contacts').insert({ companyId, name, nameSearch: name.toLowerCase(), number, isGroup: !!opts.isGroup, createdAt: when, updatedAt: when })
  return id as number
}

export async function addTicket(app: FastifyInstance, companyId: number, status: 'open' | 'pending' | 'closed', userId: number | null = null): Promise<number> {
  const contactId = await addContact(app, companyId, '2000-01-01T00:00:00.000Z')
  const now = new Date()
  const [id] = await app.knex('tickets').insert({ companyId, uuid: randomUUID(), status, active: status === 'closed' ? null : 1, contactId, userId, createdAt: now, updatedAt: now })
  return id as number
}

export interface CycleTimes { userId: number | null; started: string; accepted?: string | null; finished?: string | null }

/** One service cycle of a new closed ticket. */
export async function addCycle(app: FastifyInstance, companyId: number, c: CycleTimes): Promise<number> {
  const ticketId = await addTicket(app, companyId, 'closed', c.userId)
  const started = new Date(c.started)
  await app.knex('ticketCycles').insert({ companyId, ticketId, userId: c.userId, startedAt: started, acceptedAt: at(c.accepted), finishedAt: at(c.finished), createdAt: started, updatedAt: started })
  return ticketId
}

export async function addRating(app: FastifyInstance, companyId: number, userId: number, rate: number, createdAt: string): Promise<void> {
  const ticketId = await addTicket(app, companyId, 'closed', userId)
  const when = new Date(createdAt)
  await app.knex('ticketRatings').insert({ companyId, ticketId, userId, rate, createdAt: when, updatedAt: when })
}

export async function setTimezone(app: FastifyInstance, companyId: number, timezone: string): Promise<void> {
  await app.knex('companies').where({ id: companyId }).update({ timezone })
}

/**
 * The scenario most tests read (company on São Paulo time, UTC-3, no DST in 2030). Minutes waited / served:
 *   A agent  3/10 12:00Z  wait 10  support 30
 *   B agent  3/10 13:00Z  wait 20  support 70
 *   C admin  3/11 10:00Z  wait 5   support 15
 *   D nobody 3/10 15:00Z  still pending
 *   E agent  3/09 23:00Z (20:00 local, 3/9)  accepted 3/10 03:30Z (00:30 local)  wait 270, still open
 *   F agent  3/12 02:00Z (23:00 local, 3/11)  wait 20  support 39
 *   G admin  3/12 02:30Z  wait 10, finished 3/12 03:00Z: local midnight, the first instant after 3/11
 *   H agent  3/08 10:00Z  out of every range below
 */
export async function seedScenario(app: FastifyInstance, companyId: number, agentId: number, adminId: number): Promise<void> {
  const cycles: CycleTimes[] = [
    { userId: agentId, started: '2030-03-10T12:00:00Z', accepted: '2030-03-10T12:10:00Z', finished: '2030-03-10T12:40:00Z' },
    { userId: agentId, started: '2030-03-10T13:00:00Z', accepted: '2030-03-10T13:20:00Z', finished: '2030-03-10T14:30:00Z' },
    { userId: adminId, started: '2030-03-11T10:00:00Z', accepted: '2030-03-11T10:05:00Z', finished: '2030-03-11T10:20:00Z' },
    { userId: null, started: '2030-03-10T15:00:00Z' },
    { userId: agentId, started: '2030-03-09T23:00:00Z', accepted: '2030-03-10T03:30:00Z' },
    { userId: agentId, started: '2030-03-12T02:00:00Z', accepted: '2030-03-12T02:20:00Z', finished: '2030-03-12T02:59:00Z' },
    { userId: adminId, started: '2030-03-12T02:30:00Z', accepted: '2030-03-12T02:40:00Z', finished: '2030-03-12T03:00:00Z' },
    { userId: agentId, started: '2030-03-08T10:00:00Z', accepted: '2030-03-08T10:10:00Z', finished: '2030-03-08T10:20:00Z' },
  ]
  for (const c of cycles) await addCycle(app, companyId, c)
  for (const [userId, rate, when] of [[agentId, 1, '2030-03-10T13:00:00Z'], [agentId, 3, '2030-03-11T12:00:00Z'], [agentId, 3, '2030-03-11T15:00:00Z'], [adminId, 3, '2030-03-11T11:00:00Z'], [agentId, 1, '2030-03-12T03:00:00Z']] as const) {
    await addRating(app, companyId, userId, rate, when)
  }
  await addContact(app, companyId, '2030-03-10T03:00:00Z')
  await addContact(app, companyId, '2030-03-11T20:00:00Z')
  await addContact(app, companyId, '2030-03-11T21:00:00Z', { isGroup: true })
  await addContact(app, companyId, '2030-03-10T02:59:59Z')
  for (const status of ['open', 'open', 'pending', 'pending', 'pending'] as const) await addTicket(app, companyId, status)
}
