import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { definePlugin } from '@zapdesk/plugin-api'
import '@zapdesk/tickets/public'
import '@zapdesk/contacts/public'
import routes from './server/routes.ts'

/**
 * Sample activity of a company for the cross-tenant checks: a marked attendant with finished, rated service cycles,
 * one now (the `days` filter reaches it) and one on the day the checks' schema samples send as dates (2030-01-31).
 * Were a dashboard query to forget the company, the other company's answer would show the marked name.
 */
async function tenantFixtures(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number | string>> {
  const now = new Date()
  const earlier = new Date(now.getTime() - 30 * 60_000)
  const [userId] = await app.knex('users').insert({ companyId, name: `Attendant ${marker}`, email: `dash-${randomUUID()}@example.test`, passwordHash: 'x', profile: 'user', online: true, createdAt: now, updatedAt: now })
  const number = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const { contact } = await app.contacts.findOrCreateContact(companyId, { number, name: `Lead ${marker}` })
  const sampleDay = new Date('2030-01-31T15:00:00Z')
  // Imported when the checks call it: test helpers stay out of a running server.
  const { sampleActivity } = await import('@zapdesk/tickets/testing')
  await sampleActivity(app, companyId, {
    contactId: contact.id, userId: Number(userId), lastMessage: `Bye ${marker}`, rating: 3,
    cycles: [{ startedAt: earlier, acceptedAt: earlier, finishedAt: now }, { startedAt: sampleDay, acceptedAt: sampleDay, finishedAt: sampleDay }],
  })
  return {}
}

/**
 * The admins' dashboard (spec: / for admins): counters of the company's tickets, service times, new contacts, each
 * attendant's figures, tickets per attendant and per day, from the tickets plugin's activity read model and the
 * contacts plugin's counts; writes nothing.
 */
export default definePlugin({
  name: 'dashboard',
  version: '1.0.0',
  tables: [],
  description: 'Admin dashboard: ticket counters, service and waiting times, attendants, tickets per attendant and per day',
  dependencies: ['tickets', 'contacts'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  permissions: { 'dashboard:view': ['admin'] },
  tenantFixtures,
})
