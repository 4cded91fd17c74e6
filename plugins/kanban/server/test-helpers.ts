import { apiCall, type TestHeaders } from '@zapdesk/plugin-api/testing'
import type { FastifyInstance } from 'fastify'
import { createUser, type TestCompany, type TestUser } from '@zapdesk/plugin-api/testing'
import type { KanbanTicket } from './dto.ts'

export type Headers = TestHeaders

export const call = apiCall

async function ok<T>(res: Awaited<ReturnType<typeof call>>, what: string): Promise<T> {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`)
  return res.json() as T
}

export const createTag = (app: FastifyInstance, headers: Headers, name: string, kanban: 0 | 1 = 1) =>
  call(app, 'POST', '/tags', headers, { name, color: '#336699', kanban }).then((r) => ok<{ id: number; name: string }>(r, `tag ${name}`))

export const createQueue = (app: FastifyInstance, c: TestCompany, name: string, color: string) =>
  call(app, 'POST', '/queue', c.admin.headers, { name, color }).then((r) => ok<{ id: number }>(r, `queue ${name}`))

/** An agent of the company linked to these queues (through the users API, as an admin would). */
export async function agentOf(app: FastifyInstance, c: TestCompany, queueIds: number[], name = 'Agente', allTicket: 'enabled' | 'desabled' = 'desabled'): Promise<TestUser> {
  const agent = await createUser(app, c.id, { profile: 'user', name, allTicket })
  await call(app, 'PUT', `/users/${agent.id}`, c.admin.headers, { queueIds }).then((r) => ok(r, 'link queues'))
  return agent
}

export const board = (app: FastifyInstance, headers: Headers, query = '') =>
  call(app, 'GET', `/ticket/kanban${query}`, headers).then((r) => ok<{ tickets: KanbanTicket[]; count: number; hasMore: boolean }>(r, 'board'))

/** Contact names of a board's cards, in order. */
export const names = (cards: KanbanTicket[]) => cards.map((c) => c.contact.name)

/** What the web app does to move a card: remove the current lane's link, then add the new lane's. */
export async function move(app: FastifyInstance, headers: Headers, ticketId: number, tagId: number | null): Promise<KanbanTicket> {
  const removed = await call(app, 'DELETE', `/ticket-tags/${ticketId}`, headers).then((r) => ok<KanbanTicket>(r, 'remove'))
  if (tagId === null) return removed
  return call(app, 'PUT', `/ticket-tags/${ticketId}/${tagId}`, headers).then((r) => ok<KanbanTicket>(r, 'add'))
}
