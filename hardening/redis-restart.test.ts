import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../core/testing/build.ts'
import { createCompanyWithUsers, type TestCompany } from '../core/testing/fixtures.ts'
import { sweepOutbound } from '../plugins/tickets/server/messages/sweep.ts'
import { recordFigures } from './lib/figures.ts'
import { customer } from './lib/http.ts'
import { redisAvailable, startOwnRedis } from './lib/services.ts'
import { waitUntil } from '../core/testing/wait.ts'

/**
 * A Redis restart under the bee-queue job driver, on a Redis of our own (no persistence: a restart loses every job
 * it held, the worst case). Outbound messages are the jobs: some enqueued before the restart (and waiting in
 * Redis when it goes), some while it is down, some after. Every message must reach the sandbox's outbox exactly
 * once: none lost, none sent twice.
 */

const PER_PHASE = 60
const TICKETS = 12

async function postMessage(app: FastifyInstance, c: TestCompany, ticketId: number, body: string) {
  return app.inject({ method: 'POST', url: `/api/messages/${ticketId}`, headers: c.admin.headers, payload: { body } })
}

t.test('Redis restart with bee-queue: outbound sends before, during and after it are sent exactly once', { skip: redisAvailable() ?? false }, async (t) => {
  const redis = await startOwnRedis()
  t.teardown(() => redis.close())
  const app = await build(t, { config: { redisUrl: redis.url } })
  t.equal(app.jobs.driver, 'bee', 'jobs run on bee-queue')
  const c = await createCompanyWithUsers(app)
  const w = await app.inject({ method: 'POST', url: '/api/whatsapp', headers: c.admin.headers, payload: { name: 'Sandbox', provider: 'sandbox' } })
  const whatsappId = w.json().id
  const firsts = await Promise.all(Array.from({ length: TICKETS }, (_, i) => app.inject({ method: 'POST', url: `/api/sandbox/${whatsappId}/messages`, headers: c.admin.headers, payload: { from: customer(i), body: 'hi' } })))
  t.same(firsts.map((r) => r.statusCode), Array(TICKETS).fill(201), `${TICKETS} customers write in`)
  await app.events.idle()
  const tickets = (await app.inject({ method: 'GET', url: '/api/tickets?showAll=true', headers: c.admin.headers })).json().tickets.map((x: { id: number }) => x.id) as number[]
  t.equal(tickets.length, TICKETS, 'one ticket per customer')

  const answers: Record<string, number> = {}
  const send = async (phase: string, n: number) => {
    const body = `${phase}-${n}`
    const res = await postMessage(app, c, tickets[n % TICKETS], body)
    answers[`${phase}:${res.statusCode}`] = (answers[`${phase}:${res.statusCode}`] ?? 0) + 1
    return res.statusCode === 201 ? body : undefined
  }
  const accepted: string[] = []
  const phase = async (name: string) => {
    for (const body of await Promise.all(Array.from({ length: PER_PHASE }, (_, n) => send(name, n)))) if (body) accepted.push(body)
  }

  await phase('before')
  const waiting = await app.knex('messages').where({ companyId: c.id, sendStatus: 'queued' }).count({ n: '*' })
  await redis.stop()
  const downAt = Date.now()
  await phase('during')
  await redis.start()
  const outageMs = Date.now() - downAt
  await phase('after')
  t.comment(`answers by phase: ${JSON.stringify(answers)}; ${waiting[0].n} sends still queued when Redis went down; outage ${outageMs} ms`)

  // Jobs Redis lost (it kept nothing) are found by the outbound sweep, which re-queues rows queued for over 2
  // minutes; instead of waiting, it runs once with the clock 3 minutes ahead, when no send is in progress (the same
  // sweep marks claims older than 2 minutes as interrupted).
  const count = async (statuses: string[]) => Number((await app.knex('messages').where({ companyId: c.id, fromMe: true }).whereIn('sendStatus', statuses).count({ n: '*' }))[0].n)
  await waitUntil('no send in progress', async () => (await count(['sending'])) === 0, { timeoutMs: 60_000, intervalMs: 50 })
  const orphans = await count(['queued'])
  const swept = await sweepOutbound(app, Date.now() + 3 * 60_000)
  t.comment(`${orphans} messages still queued when the sweep ran; it re-queued ${swept.requeued}`)
  await waitUntil('every message sent', async () => (await count(['queued', 'sending'])) === 0, { timeoutMs: 120_000, intervalMs: 200 })

  const messages = await app.knex('messages').where({ companyId: c.id, fromMe: true }).select('body', 'sendStatus', 'sendError', 'externalId')
  const outbox = await app.knex('sandboxOutbox').where({ companyId: c.id }).select('body', 'externalId')
  const sentTimes = new Map<string, number>()
  for (const row of outbox) sentTimes.set(row.body, (sentTimes.get(row.body) ?? 0) + 1)
  const lost = accepted.filter((b) => !sentTimes.has(b))
  const duplicated = [...sentTimes].filter(([, n]) => n > 1).map(([b]) => b)
  const notSent = messages.filter((m) => m.sendStatus !== 'sent').map((m) => `${m.body}: ${m.sendStatus} ${m.sendError ?? ''}`)
  const mismatched = messages.filter((m) => m.sendStatus === 'sent' && !outbox.some((o) => o.externalId === m.externalId && o.body === m.body))
  t.equal(accepted.length, 3 * PER_PHASE, `every POST was accepted (${JSON.stringify(answers)})`)
  t.same(lost, [], 'no accepted message is missing from the outbox')
  t.same(duplicated, [], 'no message was sent twice')
  t.same(notSent, [], 'every message is marked sent')
  t.equal(mismatched.length, 0, 'each sent message carries the external id of its one outbox row')
  recordFigures(t, {
    area: 'faults: Redis restart (bee-queue sends)', attempts: 3 * PER_PHASE, refused: 3 * PER_PHASE - accepted.length, serverErrors: Object.entries(answers).filter(([k]) => /:5\d\d$/.test(k)).reduce((n, [, v]) => n + v, 0),
    lost: lost.length, duplicated: duplicated.length, note: `${waiting[0].n} queued in Redis when it stopped, outage ${outageMs} ms, ${outbox.length} sends in the outbox`,
  })
})
