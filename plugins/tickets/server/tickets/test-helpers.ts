import { apiCall, type TestHeaders } from '@zapdesk/plugin-api/testing'
import type { FastifyInstance } from 'fastify'
import { createCompanyWithUsers, createUser, type TestCompany, type TestUser } from '@zapdesk/plugin-api/testing'
import { writeSetting } from '@zapdesk/plugin-api/testing'

/** Shared by the ticket API's tests: API calls and a company with queues, a connection, contacts and agents. */
export type Headers = TestHeaders

export const call = apiCall

let serial = 0
const next = () => `${process.pid % 1000}${++serial}`.padStart(6, '0').slice(-6)

async function insert(app: FastifyInstance, table: string, row: Record<string, unknown>): Promise<number> {
  const now = new Date()
  const [id] = await app.knex(table).insert({ createdAt: now, updatedAt: now, ...row }).returning('id')
  return Number(typeof id === 'object' ? (id as { id: number }).id : id)
}

export const createQueue = (app: FastifyInstance, companyId: number, name: string) =>
  insert(app, 'queues', { companyId, name, color: `#${next()}` })

/** A connection row (no session is started: sends fail and stay visible on the message, which tests do not need). */
export const createConnection = (app: FastifyInstance, companyId: number, fields: Record<string, unknown> = {}) =>
  insert(app, 'whatsapps', { companyId, name: `Conexão ${next()}`, provider: 'sandbox', status: 'DISCONNECTED', isDefault: true, ...fields })

/** A contact made by the contacts plugin's service (its table and name index are that plugin's). */
export async function createContact(app: FastifyInstance, companyId: number, name: string, fields: { isGroup?: boolean } = {}): Promise<number> {
  const { contact } = await app.contacts.findOrCreateContact(companyId, { number: `55119${next()}${serial % 10}0`, name, isGroup: fields.isGroup })
  return contact.id
}

export async function linkQueues(app: FastifyInstance, companyId: number, userId: number, queueIds: number[]): Promise<void> {
  await app.knex('userQueues').insert(queueIds.map((queueId) => ({ companyId, userId, queueId })))
}

/** Saves a setting as PUT /settings/:key does (through writeSetting, which keeps the settings cache right). */
export async function setSetting(app: FastifyInstance, companyId: number, key: string, value: string): Promise<void> {
  await writeSetting(app, companyId, key, value)
  app.events.emit('settings.updated', { companyId, key, value })
}

export interface World {
  c: TestCompany
  /** Agent of queue `sales` (c.user). */
  agent: TestUser
  /** Agent of queue `support` only. */
  other: TestUser
  sales: number
  support: number
  whatsappId: number
  contactId: number
}

/** A company with two queues, an agent in each, a default connection and a contact. */
export async function createWorld(app: FastifyInstance, connection: Record<string, unknown> = {}): Promise<World> {
  const c = await createCompanyWithUsers(app)
  const sales = await createQueue(app, c.id, 'Vendas')
  const support = await createQueue(app, c.id, 'Suporte')
  const other = await createUser(app, c.id, { name: 'Outra Agente' })
  await linkQueues(app, c.id, c.user.id, [sales])
  await linkQueues(app, c.id, other.id, [support])
  const whatsappId = await createConnection(app, c.id, connection)
  const contactId = await createContact(app, c.id, 'João Silva')
  return { c, agent: c.user, other, sales, support, whatsappId, contactId }
}

/** Opens a ticket through the API and returns its JSON (fails the test setup on any other answer). */
export async function openTicket(app: FastifyInstance, headers: Headers, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await call(app, 'POST', '/tickets', headers, body)
  if (res.statusCode !== 201) throw new Error(`ticket not created: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** The messages the ticket has sent (automatic texts), oldest first. */
export async function sentBodies(app: FastifyInstance, ticketId: number): Promise<string[]> {
  await app.events.idle()
  return (await app.knex('messages').where({ ticketId, fromMe: true }).orderBy('id').select('body')).map((m: { body: string }) => m.body)
}
