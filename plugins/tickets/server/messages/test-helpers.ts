import { apiCall, type TestHeaders } from '@zapdesk/plugin-api/testing'
import { randomUUID } from 'node:crypto'
import tap from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, type TestCompany } from '@zapdesk/plugin-api/testing'
import { sandboxConnection, waitFor } from '@zapdesk/connections/testing'
import { Message, Ticket } from '../models.ts'

/** Shared by this folder's tests: a company with a connected sandbox, contacts, tickets and messages made directly. */
export { waitFor }
type Headers = TestHeaders

export const call = apiCall

export interface World {
  app: FastifyInstance
  c: TestCompany
  whatsappId: number
}

/**
 * One app per test file and job setting, built on first use (a fresh MariaDB database with every migration costs
 * seconds); each test gets its own company and sandbox connection on it, so tests stay independent.
 */
const apps = new Map<boolean, Promise<FastifyInstance>>()
function sharedApp(startJobs: boolean): Promise<FastifyInstance> {
  let app = apps.get(startJobs)
  if (!app) {
    app = build(tap, { startJobs }).then((a) => {
      // Acks quick, so tests do not wait half a second for "delivered" and "read".
      a.channels.options.sandboxAckDelayMs = 20
      return a
    })
    apps.set(startJobs, app)
  }
  return app
}

/** The shared app (jobs processed unless startJobs is false), a new company and its connected sandbox. */
export async function world(options: { startJobs?: boolean } = {}): Promise<World> {
  const app = await sharedApp(options.startJobs !== false)
  const c = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  return { app, c, whatsappId: w.id }
}

let numbers = 0
/** A contact with a fresh sandbox-valid number (10 to 15 digits). */
export async function contact(app: FastifyInstance, companyId: number, fields: { number?: string; isGroup?: boolean } = {}) {
  const number = fields.number ?? `5511${900000000 + ++numbers}`
  return (await app.contacts.findOrCreateContact(companyId, { number, name: `Cliente ${number}`, isGroup: fields.isGroup })).contact
}

export async function ticket(app: FastifyInstance, companyId: number, fields: Partial<Ticket> & { whatsappId: number | null }): Promise<Ticket> {
  const contactId = fields.contactId ?? (await contact(app, companyId)).id
  const status = fields.status ?? 'open'
  return app.bind(Ticket).query().forCompany(companyId).insert({
    uuid: randomUUID(), status, active: status === 'closed' ? null : 1, userId: null, queueId: null, lastMessage: null, unreadMessages: 0,
    isGroup: false, chatbot: false, amountUsedBotQueues: 0, awaitingRating: false, useIntegration: false, ...fields, contactId,
  })
}

/** An inbound message as the pipeline stores it (unread, with the channel's id). */
export async function inbound(app: FastifyInstance, t: Ticket, body: string, fields: Partial<Message> = {}): Promise<Message> {
  return app.bind(Message).query().forCompany(t.companyId).insert({
    ticketId: t.id, contactId: t.contactId, whatsappId: t.whatsappId, externalId: `IN${randomUUID().slice(0, 12)}`, body, fromMe: false,
    read: false, mediaType: 'chat', ack: 0, isDeleted: false, isEdited: false, sendStatus: null, sendAttempts: 0, ...fields,
  })
}

export const messageRow = (app: FastifyInstance, companyId: number, id: number) => app.bind(Message).query().forCompany(companyId).findById(id)

/** What the sandbox sent, newest first (its admin API). */
export async function outbox(w: World): Promise<Array<{ externalId: string; to: string; body: string | null; mediaType: string | null; fileName: string | null; mediaSize: number | null; quotedId: string | null; ack: number }>> {
  const res = await call(w.app, 'GET', `/sandbox/${w.whatsappId}/outbox`, w.c.admin.headers)
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** Domain events of messages and tickets, in order, as `name:id`. */
export function recordEvents(app: FastifyInstance): string[] {
  const seen: string[] = []
  app.events.on('message.created', (p) => void seen.push(`message.created:${p.messageId}`))
  app.events.on('message.updated', (p) => void seen.push(`message.updated:${p.messageId}`))
  app.events.on('ticket.updated', (p) => void seen.push(`ticket.updated:${p.ticketId}`))
  app.events.on('ticket.unreadChanged', (p) => void seen.push(`ticket.unreadChanged:${p.ticketId}:${p.unreadMessages}`))
  return seen
}

/** A multipart body with files (field `medias`) and text fields. */
export function multipart(files: Array<{ name: string; data: Buffer; mimetype: string }>, fields: Record<string, string> = {}) {
  const boundary = `----zapdesk${randomUUID()}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${f.name}"\r\nContent-Type: ${f.mimetype}\r\n\r\n`), f.data, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
