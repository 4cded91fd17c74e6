import type { FastifyInstance } from 'fastify'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, type TestCompany } from '@zapdesk/plugin-api/testing'
import { call, queueIds, sandboxConnection, waitFor } from '@zapdesk/connections/testing'
import type { InboundEvent, InboundMessage } from '@zapdesk/connections/public'
import { Message, Ticket } from '../models.ts'
import { handleInbound } from './inbound.ts'

/** Shared by the pipeline's tests: a company with a sandbox connection, events to feed in, rows to look at. */
export { call, queueIds, waitFor }
type Tap = Parameters<typeof build>[0]

export interface World {
  app: FastifyInstance
  c: TestCompany
  whatsappId: number
  /** Feeds a normalized event through the pipeline's handler (what the `message.inbound` subscription calls). */
  deliver(event: InboundEvent): Promise<void>
  /** Injects a message through the sandbox's API and waits until the pipeline handled it. */
  inject(body: Record<string, unknown>): Promise<void>
  tickets(where?: Partial<Ticket>): Promise<Ticket[]>
  messages(where?: Partial<Message>): Promise<Message[]>
  /** The automatic messages the pipeline queued through the sender, oldest first. */
  sent(): Promise<string[]>
  setting(key: string, value: string): Promise<void>
}

export async function world(t: Tap, connection: Record<string, unknown> = {}): Promise<World> {
  const app = await build(t)
  app.channels.options.sandboxAckDelayMs = 20
  const c = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers, connection)
  const whatsappId = w.id
  return {
    app, c, whatsappId,
    deliver: (event) => handleInbound(app, { companyId: c.id, whatsappId, event }),
    async inject(body) {
      const res = await call(app, 'POST', `/sandbox/${whatsappId}/messages`, c.admin.headers, { from: '5511988887777', ...body })
      if (res.statusCode !== 201) throw new Error(`inject: ${res.statusCode} ${res.body}`)
      await app.events.idle()
    },
    tickets: async (where = {}) => app.bind(Ticket).query().forCompany(c.id).where(where).orderBy('id'),
    messages: async (where = {}) => app.bind(Message).query().forCompany(c.id).where(where).orderBy('id'),
    async sent() {
      const rows = await app.bind(Message).query().forCompany(c.id).where({ fromMe: true }).whereNotNull('sendStatus').orderBy('id')
      return rows.map((m) => m.body)
    },
    async setting(key, value) {
      const res = await call(app, 'PUT', `/settings/${key}`, c.admin.headers, { value })
      if (res.statusCode !== 200) throw new Error(`setting ${key}: ${res.statusCode} ${res.body}`)
    },
  }
}

let serial = 0
/** A text message from `number` as a driver reports it (fields override). */
export function text(number: string, body: string, fields: Partial<InboundMessage> = {}): InboundMessage {
  const jid = `${number}@s.whatsapp.net`
  const who = { jid, number, key: number, name: `Cliente ${number.slice(-4)}` }
  return {
    kind: 'message', type: 'text', externalId: `T${process.pid}X${++serial}`, chat: { ...who, isGroup: false }, sender: who,
    fromMe: false, timestamp: new Date().toISOString(), body, ...fields,
  }
}
