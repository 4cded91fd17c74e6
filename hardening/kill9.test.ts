import t from 'tap'
import { recordFigures } from './lib/figures.ts'
import { customer, inject, request, signupTenant, ticketIds } from './lib/http.ts'
import { serverDb } from './lib/db.ts'
import { mariaDbAvailable, redisAvailable, startOwnMariaDb, startOwnRedis } from './lib/services.ts'
import { freePort, productionEnv, spawnServer, tempDir, type ServerProcess } from './lib/server.ts'
import { Tally } from './lib/traffic.ts'
import { waitUntil } from '../core/testing/wait.ts'

/**
 * kill -9 of a real server (MariaDB + Redis, bee-queue jobs) while agents' messages are being sent, then a restart.
 * The sandbox's outbox is what the "phone" received. No message may reach it twice, and every one that did must be
 * either recorded as sent (same external id) or marked as a send whose outcome is unknown (`sending`, which the
 * sweep settles by asking the channel about the id its claim fixed, or failed / ERR_SEND_INTERRUPTED): never sent
 * twice.
 */

const MESSAGES = 240
const WORKERS = 40
const TICKETS = 20
const KILL_AFTER_SENT = 40

t.test('kill -9 during outbound sends, then restart: nothing sent twice, nothing accepted lost', { skip: mariaDbAvailable() ?? redisAvailable() ?? false }, async (t) => {
  const [mariadb, redis] = await Promise.all([startOwnMariaDb(), startOwnRedis()])
  mariadb.createDatabase('zapdesk_kill9')
  let server: ServerProcess | undefined
  t.teardown(async () => {
    await server?.stop()
    await Promise.all([mariadb.close(), redis.close()])
  })
  // A claim the kill cut mid-send is the sweep's, and the later messages of its ticket wait for it: settled after 10 s,
  // swept every 2 s (the defaults, 2 minutes swept every minute, kept the test waiting 1-2 minutes).
  const env = productionEnv(await freePort(), tempDir('kill9'), {
    DATABASE_URL: mariadb.url('zapdesk_kill9'), REDIS_URL: redis.url, ACCESS_TOKEN_TTL: '2h', ZAPDESK_SEND_SWEEP_MS: '2000', ZAPDESK_SEND_STALE_MS: '10000',
  })
  server = await spawnServer({ env })
  const base = server.url
  const tenant = await signupTenant(base)
  const firsts = await Promise.all(Array.from({ length: TICKETS }, (_, i) => inject(base, tenant, { from: customer(i), body: 'hello' })))
  t.same(firsts.map((r) => r.status), Array(TICKETS).fill(201), `${TICKETS} customers write in`)
  const tickets: number[] = await waitUntil('the tickets', async () => {
    const ids = await ticketIds(base, tenant.admin.token)
    return ids.length === TICKETS ? ids : undefined
  }, { timeoutMs: 60_000 })
  const db = serverDb(server, t)
  const outboxCount = async () => Number((await db('sandboxOutbox').where({ companyId: tenant.companyId }).count({ n: '*' }))[0].n)

  const tally = new Tally()
  const accepted = new Set<string>()
  let next = 0
  let killedAt = 0
  let inFlightAtKill = 0
  let inFlight = 0
  const worker = async () => {
    while (next < MESSAGES && !killedAt) {
      const body = `k9-${next++}`
      inFlight++
      const res = tally.add(body, await request(base, 'POST', `/messages/${tickets[next % TICKETS]}`, { token: tenant.admin.token, body: { body }, timeoutMs: 30_000 }))
      inFlight--
      if (res.status === 201) accepted.add(body)
    }
  }
  const killer = (async () => {
    await waitUntil('sends to reach the outbox', async () => (await outboxCount()) >= KILL_AFTER_SENT || next >= MESSAGES, { timeoutMs: 120_000, intervalMs: 20 })
    inFlightAtKill = inFlight
    killedAt = Date.now()
    server!.signal('SIGKILL')
  })()
  await Promise.all([killer, ...Array.from({ length: WORKERS }, worker)])
  const exit = await server.exited
  t.equal(exit.signal, 'SIGKILL', 'the server was killed')
  const sentBeforeKill = await outboxCount()
  const byStatus = (await db('messages').where({ companyId: tenant.companyId, fromMe: true }).groupBy('sendStatus').select('sendStatus').count({ n: '*' })) as Array<{ sendStatus: string; n: number }>
  const statusAtKill = Object.fromEntries(byStatus.map((r) => [r.sendStatus, Number(r.n)]))
  t.comment(`killed with ${inFlightAtKill} POSTs in flight, ${sentBeforeKill} in the outbox; messages by status: ${JSON.stringify(statusAtKill)}; answers ${tally.summary()}`)

  const restartedAt = Date.now()
  server = await spawnServer({ env })
  // Done when nothing is queued and the new process has no send in progress (claims cut by the kill stay `sending`).
  const restartedOn = new Date(restartedAt)
  await waitUntil('the restarted server to finish the queue', async () => {
    const mine = db('messages').where({ companyId: tenant.companyId, fromMe: true })
    const queued = Number((await mine.clone().where({ sendStatus: 'queued' }).count({ n: '*' }))[0].n)
    const sending = Number((await mine.clone().where({ sendStatus: 'sending' }).where('updatedAt', '>=', restartedOn).count({ n: '*' }))[0].n)
    return queued === 0 && sending === 0
  }, { timeoutMs: 240_000, intervalMs: 1000 })

  const settleMs = Date.now() - restartedAt
  const messages = (await db('messages').where({ companyId: tenant.companyId, fromMe: true }).select('body', 'sendStatus', 'sendError', 'externalId')) as Array<{ body: string; sendStatus: string; sendError: string | null; externalId: string | null }>
  const outbox = (await db('sandboxOutbox').where({ companyId: tenant.companyId }).select('body', 'externalId')) as Array<{ body: string; externalId: string }>
  const byBody = new Map<string, string[]>()
  for (const o of outbox) byBody.set(o.body, [...(byBody.get(o.body) ?? []), o.externalId])
  const rows = new Map(messages.map((m) => [m.body, m]))
  const lost = [...accepted].filter((b) => !rows.has(b))
  const duplicated = [...byBody].filter(([, ids]) => ids.length > 1).map(([b]) => b)
  const unmarked: string[] = []
  const counts = { sentRecorded: 0, sentUnknown: 0, failed: 0, sending: 0 }
  for (const m of messages) {
    const sent = byBody.get(m.body) ?? []
    if (m.sendStatus === 'sent') {
      if (sent.length === 1 && sent[0] === m.externalId) counts.sentRecorded++
      else unmarked.push(`${m.body}: marked sent, outbox ${JSON.stringify(sent)}`)
    } else if (m.sendStatus === 'sending' || (m.sendStatus === 'failed' && m.sendError === 'ERR_SEND_INTERRUPTED')) {
      if (m.sendStatus === 'sending') counts.sending++
      if (sent.length) counts.sentUnknown++
    } else if (m.sendStatus === 'failed') {
      counts.failed++
      if (sent.length) unmarked.push(`${m.body}: failed (${m.sendError}) but in the outbox`)
    } else unmarked.push(`${m.body}: still ${m.sendStatus}`)
  }
  const failures = messages.filter((m) => m.sendStatus === 'failed').reduce<Record<string, number>>((acc, m) => ({ ...acc, [m.sendError ?? '?']: (acc[m.sendError ?? '?'] ?? 0) + 1 }), {})
  t.comment(`after the restart (${settleMs} ms to drain the queue): ${JSON.stringify(counts)}; failed by code ${JSON.stringify(failures)}; ${outbox.length} in the outbox`)
  t.same(lost, [], 'every message that got a 201 is stored')
  t.same(duplicated, [], 'no message reached the phone twice')
  t.same(unmarked.slice(0, 20), [], 'every message is sent and recorded, or marked (sending / interrupted / failed) when its fate is unknown')
  t.ok(counts.sentRecorded >= accepted.size - 50, `most accepted messages went out after the restart (${counts.sentRecorded} of ${accepted.size})`)
  t.equal((await request(server.url, 'GET', '/auth/me', { token: tenant.admin.token })).status, 200, 'the restarted server serves the old session')
  recordFigures(t, {
    area: 'faults: kill -9 during sends', attempts: tally.sent, refused: tally.clientErrors, serverErrors: tally.serverErrors, lost: lost.length, duplicated: duplicated.length,
    note: `${inFlightAtKill} POSTs in flight at the kill (${tally.networkErrors} cut, ${messages.length - accepted.size} of those stored anyway), ${counts.sentRecorded} sent+recorded, ${counts.sending} left 'sending' (${counts.sentUnknown} of them reached the phone: marked, not resent), failed ${JSON.stringify(failures)}`,
  })
})
