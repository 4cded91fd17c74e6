import type { FastifyInstance } from 'fastify'
import { build, createCompanyWithUsers, type TestCompany } from '@zapdesk/plugin-api/testing'
import { call, queueIds, sandboxConnection, waitFor } from '@zapdesk/connections/testing'
import '@zapdesk/tickets/public'
import '../types.ts'
import { fakeProvider, type FakeProvider } from './fake-provider.ts'

export { call, waitFor }
type Tap = Parameters<typeof build>[0]

export const SYSTEM_TEXT = 'Você é o assistente da Loja Azul. Responda em português, com frases curtas e educadas.'

/** A company with a queue, a prompt on the fake provider, a sandbox connection and a customer who writes to it. */
export interface BotWorld {
  app: FastifyInstance
  c: TestCompany
  fake: FakeProvider
  queueId: number
  prompt: { id: number }
  whatsappId: number
  /** The customer writes (a text, or a voice note with `ptt`) and the pipeline stores it. */
  send(body: string, fields?: Record<string, unknown>): Promise<void>
  ticket(): Promise<{ id: number; status: string; userId: number | null; queueId: number | null; contactId: number }>
  /** The ticket's messages, oldest first: [fromMe, body]. */
  messages(): Promise<Array<[boolean, string]>>
  /** The same with their media: [fromMe, body, mediaType]. */
  media(): Promise<Array<[boolean, string, string]>>
  notes(): Promise<string[]>
  /** The provider calls of the chat endpoint, in order. */
  chats(): FakeProvider['requests']
}

export async function botWorld(t: Tap, prompt: Record<string, unknown> = {}, onQueue = false): Promise<BotWorld> {
  const app = await build(t)
  app.channels.options.sandboxAckDelayMs = 20
  const fake = await fakeProvider()
  t.teardown(() => fake.close())
  Object.assign(app.promptBot.options, { timeoutMs: 1500, speechEndpoint: fake.speechEndpoint })
  const c = await createCompanyWithUsers(app)
  const [queueId] = await queueIds(app, c.admin.headers, 1)
  const created = await call(app, 'POST', '/prompt', c.admin.headers, { name: 'Assistente', prompt: SYSTEM_TEXT, queueId, apiKey: 'sk-test-123', baseUrl: fake.baseUrl, maxMessages: 3, ...prompt })
  if (created.statusCode !== 201) throw new Error(`prompt: ${created.statusCode} ${created.body}`)
  const saved = created.json()
  if (onQueue) await call(app, 'PUT', `/queue/${queueId}`, c.admin.headers, { promptId: saved.id })
  const w = await sandboxConnection(app, c.admin.headers, onQueue ? { queueIds: [queueId] } : { promptId: saved.id })
  const number = `5511${Math.floor(900000000 + Math.random() * 99999999)}`
  let ticketId: number | undefined
  const world: BotWorld = {
    app, c, fake, queueId, prompt: saved, whatsappId: w.id,
    async send(body, fields = {}) {
      const res = await call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: number, body, ...fields })
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
      return (await world.media()).map(([fromMe, body]) => [fromMe, body])
    },
    async media() {
      const id = (await world.ticket()).id
      const page = (await call(app, 'GET', `/messages/${id}?peek=true`, c.admin.headers)).json()
      return (page.messages as Array<{ fromMe: boolean; body: string; mediaType: string }>).map((m) => [m.fromMe, m.body, m.mediaType])
    },
    async notes() {
      const t = await world.ticket()
      const res = await call(app, 'GET', `/ticket-notes/list?ticketId=${t.id}&contactId=${t.contactId}`, c.admin.headers)
      return (res.json() as Array<{ note: string }>).map((n) => n.note)
    },
    chats: () => fake.requests.filter((r) => r.path.endsWith('/chat/completions')),
  }
  return world
}

/** Waits until `check` holds (an answer stored, a note written, a call made), then until the app is idle. */
export async function settled(w: BotWorld, check: () => Promise<boolean>, label: string): Promise<void> {
  await waitFor(async () => (await check()) || undefined, 8000, label)
  await w.app.events.idle()
}
