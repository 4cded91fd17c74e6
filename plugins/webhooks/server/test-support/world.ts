import type { FastifyInstance } from 'fastify'
import { build, createCompanyWithUsers, type TestCompany } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection, waitFor } from '@zapdesk/connections/testing'
import '@zapdesk/tickets/public'
import '../types.ts'
import type { Receiver } from './receiver.ts'

export { call, waitFor }
type Tap = Parameters<typeof build>[0]
export const SECRET = 'segredo-do-receptor-0123456789'

export interface World {
  app: FastifyInstance
  c: TestCompany
  whatsappId: number
  /** Registers an endpoint at the receiver (path `/hook` unless given) wanting `events`. */
  endpoint(events: string[], extra?: Record<string, unknown>): Promise<{ id: number }>
  /** A customer writes (the inbound pipeline stores it): a ticket opens, a message is received. */
  customer(number: string, body: string): Promise<void>
  ticketOf(number: string): Promise<{ id: number; status: string }>
}

/**
 * A company with a sandbox connection, its deliveries going only to the local receiver, named on the operator's
 * allow-list while OUTBOUND_ALLOW_PRIVATE is off (as in production): the tests pass the guard a real install does.
 * Retries are made fast (`retryBaseMs`); `startJobs: false` leaves the worker to the test (wake()).
 */
export async function world(t: Tap, rx: Receiver, options: { startJobs?: boolean } = {}): Promise<World> {
  const app = await build(t, { startJobs: options.startJobs ?? false })
  app.config.outboundAllowPrivate = false
  Object.assign(app.webhooks.options, { allowHosts: [rx.host], timeoutMs: 1500, retryBaseMs: 50, maxDelayMs: 400 })
  const c = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  return {
    app, c, whatsappId: w.id,
    async endpoint(events, extra = {}) {
      const res = await call(app, 'POST', '/webhooks', c.admin.headers, { name: 'Receptor', url: `${rx.url}/hook`, secret: SECRET, events, ...extra })
      if (res.statusCode !== 201) throw new Error(`endpoint: ${res.statusCode} ${res.body}`)
      return res.json()
    },
    async customer(number, body) {
      const res = await call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: number, body })
      if (res.statusCode !== 201) throw new Error(`inject: ${res.statusCode} ${res.body}`)
      await app.events.idle()
    },
    async ticketOf(number) {
      const list = (await call(app, 'GET', '/tickets?showAll=true', c.admin.headers)).json().tickets as Array<{ id: number; status: string; contact: { number: string } }>
      const found = list.find((x) => x.contact.number === number)
      if (!found) throw new Error('the customer has no ticket')
      return found
    },
  }
}
