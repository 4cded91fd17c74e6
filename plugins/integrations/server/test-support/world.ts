import type { FastifyInstance } from 'fastify'
import { build, createCompanyWithUsers, type TestCompany } from '@zapdesk/plugin-api/testing'
import { call, queueIds, sandboxConnection, waitFor } from '@zapdesk/connections/testing'
import '@zapdesk/tickets/public'
import '../types.ts'
import type { FakeServer } from './fake-server.ts'

export { call, waitFor }
type Tap = Parameters<typeof build>[0]

/** A company whose only queue runs an integration, a sandbox connection offering that queue, and a customer. */
export interface World {
  app: FastifyInstance
  c: TestCompany
  queueId: number
  integration: { id: number }
  /** The customer writes and the pipeline stores it (the integration's job runs after). */
  send(body: string): Promise<void>
  ticket(): Promise<{ id: number; contactId: number; status: string; userId: number | null; queueId: number | null }>
  /** The ticket's messages, oldest first: [fromMe, body]. */
  messages(): Promise<Array<[boolean, string]>>
  /** Waits until the ticket has `n` messages from the platform, then until the app is idle. */
  replies(n: number): Promise<string[]>
  /** The ticket's notes as agents read them (GET /ticket-notes/list). */
  notes(): Promise<string[]>
}

/**
 * Outbound calls go only to the fake server, named on the operator's allow-list while OUTBOUND_ALLOW_PRIVATE is off
 * (as in production): the tests pass through the same guard a real install does.
 */
export async function world(t: Tap, fake: FakeServer, integration: Record<string, unknown>): Promise<World> {
  const app = await build(t)
  app.channels.options.sandboxAckDelayMs = 20
  app.config.outboundAllowPrivate = false
  Object.assign(app.integrationRunner.options, { allowHosts: [fake.host], timeoutMs: 8000, dialogflowApiBase: fake.url })
  const c = await createCompanyWithUsers(app)
  const [queueId] = await queueIds(app, c.admin.headers, 1)
  const created = await call(app, 'POST', '/queueIntegration', c.admin.headers, integration)
  if (created.statusCode !== 201) throw new Error(`integration: ${created.statusCode} ${created.body}`)
  const saved = created.json()
  await call(app, 'PUT', `/queue/${queueId}`, c.admin.headers, { integrationId: saved.id })
  const w = await sandboxConnection(app, c.admin.headers, { queueIds: [queueId] })
  const number = `5511${Math.floor(900000000 + Math.random() * 99999999)}`
  let ticketId: number | undefined
  const self: World = {
    app, c, queueId, integration: saved,
    async send(body) {
      const res = await call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: number, body })
      if (res.statusCode !== 201) throw new Error(`inject: ${res.statusCode} ${res.body}`)
      await app.events.idle()
    },
    async ticket() {
      if (ticketId === undefined) {
        const list = (await call(app, 'GET', '/tickets?showAll=true', c.admin.headers)).json().tickets as Array<{ id: number; contact: { number: string } }>
        ticketId = list.find((x) => x.contact.number === number)?.id
        if (ticketId === undefined) throw new Error('the customer has no ticket')
      }
      return (await call(app, 'GET', `/tickets/${ticketId}`, c.admin.headers)).json()
    },
    async messages() {
      const id = (await self.ticket()).id
      const page = (await call(app, 'GET', `/messages/${id}?peek=true`, c.admin.headers)).json()
      return (page.messages as Array<{ fromMe: boolean; body: string }>).map((m) => [m.fromMe, m.body])
    },
    async replies(n) {
      await waitFor(async () => ((await self.messages()).filter(([fromMe]) => fromMe).length >= n) || undefined, 20_000, `${n} replies`)
      await app.events.idle()
      return (await self.messages()).filter(([fromMe]) => fromMe).map(([, body]) => body)
    },
    async notes() {
      const { id, contactId } = await self.ticket()
      const res = await call(app, 'GET', `/ticket-notes/list?ticketId=${id}&contactId=${contactId}`, c.admin.headers)
      if (res.statusCode !== 200) throw new Error(`notes: ${res.statusCode} ${res.body}`)
      return (res.json() as Array<{ note: string }>).map((n) => n.note)
    },
  }
  return self
}
