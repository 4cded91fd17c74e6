import t from 'tap'
import type { Knex } from 'knex'
import { recordFigures } from './lib/figures.ts'
import { customer, request, signupTenant, type Tenant } from './lib/http.ts'
import { serverDb } from './lib/db.ts'
import { mariaDbAvailable, redisAvailable, startOwnMariaDb, startOwnRedis } from './lib/services.ts'
import { freePort, productionEnv, spawnServer, tempDir, type ServerProcess } from './lib/server.ts'
import { sleep, waitUntil } from '../core/testing/wait.ts'

/**
 * 200 schedules due over a few seconds on a real server (MariaDB + Redis of our own, bee-queue jobs), killed with
 * -9 twice while they fall due and restarted: the ones due while it was down go out late, the ones cut mid-send are
 * settled, not repeated. The sandbox's outbox is what the phones received: every schedule exactly once.
 */

const SCHEDULES = 200
const SPREAD_MS = 8000

async function createSchedules(base: string, tenant: Tenant): Promise<number> {
  const token = tenant.admin.token
  const contactIds: number[] = []
  const contactsStarted = Date.now()
  for (let i = 0; i < SCHEDULES; i++) {
    const res = await request<{ id: number }>(base, 'POST', '/contacts', { token, body: { name: `Paciente ${i}`, number: customer(i) } })
    if (res.status !== 200 && res.status !== 201) throw new Error(`contact ${i}: ${res.status} ${res.text.slice(0, 200)}`)
    contactIds.push(res.body.id)
  }
  // Due from a few seconds after the last is made, spread over SPREAD_MS: the kills land while they fall due. Making
  // the schedules takes about as long as making the contacts did, which on a busy machine (the other hardening files
  // beside this one) is more than the 4 s that suffice alone.
  const start = Date.now() + Math.max(4000, 1.5 * (Date.now() - contactsStarted))
  for (let i = 0; i < SCHEDULES; i++) {
    const sendAt = new Date(start + Math.round((i * SPREAD_MS) / SCHEDULES)).toISOString()
    const res = await request(base, 'POST', '/schedules', { token, body: { body: `Lembrete ${i}: consulta confirmada`, contactId: contactIds[i], sendAt } })
    if (res.status !== 201) throw new Error(`schedule ${i}: ${res.status} ${res.text.slice(0, 200)}`)
  }
  return start
}

async function outboxCounts(db: Knex, companyId: number): Promise<Map<string, number>> {
  const rows = (await db('sandboxOutbox').where({ companyId }).groupBy('toJid').select('toJid').count({ n: '*' })) as Array<{ toJid: string; n: number }>
  return new Map(rows.map((r) => [r.toJid.split('@')[0], Number(r.n)]))
}

const skip = mariaDbAvailable() ?? redisAvailable() ?? false

t.test('kill -9 twice while 200 schedules fall due: each sent exactly once, none lost', { skip }, async (t) => {
  const [mariadb, redis] = await Promise.all([startOwnMariaDb(), startOwnRedis()])
  const dbName = 'zapdesk_schedules_kill'
  mariadb.createDatabase(dbName)
  let server: ServerProcess | undefined
  t.teardown(async () => {
    await server?.stop()
    await Promise.all([mariadb.close(), redis.close()])
  })
  // A claim cut by a kill is claimed again after 5 s, and a ticket message cut mid-send is settled after 20 s, swept
  // every 2 s (the defaults, a minute and 2 minutes swept every minute, would only slow the test down).
  const env = productionEnv(await freePort(), tempDir(dbName), {
    DATABASE_URL: mariadb.url(dbName), REDIS_URL: redis.url, ACCESS_TOKEN_TTL: '2h', ZAPDESK_SCHEDULE_CLAIM_TIMEOUT_MS: '5000', ZAPDESK_SCHEDULE_WAKE_MS: '1000',
    ZAPDESK_SEND_SWEEP_MS: '2000', ZAPDESK_SEND_STALE_MS: '20000',
  })
  server = await spawnServer({ env })
  const tenant = await signupTenant(server.url)
  const db = serverDb(server, t)
  const sent = async () => Number((await db('sandboxOutbox').where({ companyId: tenant.companyId }).count({ n: '*' }))[0].n)
  const started = Date.now()
  const firstDue = await createSchedules(server.url, tenant)
  const kills: string[] = []
  for (const after of [40, 120]) {
    await waitUntil(`${after} sent`, async () => (await sent()) >= after, { timeoutMs: 120_000, intervalMs: 20 })
    server.signal('SIGKILL')
    await server.exited
    kills.push(`${await sent()} sent at kill ${kills.length + 1}`)
    await sleep(1500)
    server = await spawnServer({ env })
  }
  const schedules = () => db('scheduledMessages').where({ companyId: tenant.companyId })
  await waitUntil('every schedule recorded sent', async () => Number((await schedules().clone().where('status', 'sent').count({ n: '*' }))[0].n) === SCHEDULES, { timeoutMs: 120_000, intervalMs: 500 })
  // Ticket messages cut mid-send are settled by the tickets sweep (a claim older than 20 s here, checked every 2 s).
  await waitUntil('every ticket message settled', async () => {
    const open = await db('messages').where({ companyId: tenant.companyId, fromMe: true }).whereIn('sendStatus', ['queued', 'sending']).count({ n: '*' })
    return Number(open[0].n) === 0
  }, { timeoutMs: 300_000, intervalMs: 1000 })
  const seconds = Math.round((Date.now() - started) / 1000)
  const counts = await outboxCounts(db, tenant.companyId)
  const numbers = Array.from({ length: SCHEDULES }, (_, i) => customer(i))
  const missing = numbers.filter((n) => !counts.has(n))
  const twice = [...counts].filter(([, n]) => n > 1).map(([number]) => number)
  const rows = (await schedules().select('sendAt', 'sentAt', 'attempts', 'messageId')) as Array<{ sendAt: Date; sentAt: Date; attempts: number; messageId: number }>
  const early = rows.filter((r) => new Date(r.sentAt).getTime() < new Date(r.sendAt).getTime())
  const reclaimed = rows.filter((r) => r.attempts > 1).length
  const late = rows.filter((r) => new Date(r.sentAt).getTime() - new Date(r.sendAt).getTime() > 5000).length
  const messages = await db('messages').where({ companyId: tenant.companyId, fromMe: true }).select('id', 'sendStatus')
  t.comment(`${kills.join('; ')}; first due ${Math.round((firstDue - started) / 1000)} s in; ${reclaimed} claimed again, ${late} more than 5 s late; ${seconds} s in all`)
  if (missing.length) {
    // What became of the lost ones' ticket messages: the first place to look.
    const lost = await db('messages as m').join('contacts as c', 'c.id', 'm.contactId').where('m.companyId', tenant.companyId).whereIn('c.number', missing)
      .select('c.number', 'm.sendStatus', 'm.sendError', 'm.sendAttempts', 'm.externalId', 'm.createdAt', 'm.updatedAt')
    t.comment(`lost: ${JSON.stringify(lost)}`)
  }
  t.same(missing.slice(0, 10), [], `no schedule lost (${missing.length})`)
  t.same(twice.slice(0, 10), [], `no schedule sent twice (${twice.length})`)
  t.equal(early.length, 0, 'none before its time')
  t.equal(messages.length, SCHEDULES, 'one message per schedule in the tickets')
  t.same(messages.filter((m) => m.sendStatus !== 'sent').length, 0, 'every one of them sent')
  t.equal(new Set(rows.map((r) => r.messageId)).size, SCHEDULES, 'each schedule recorded with its own message')
  recordFigures(t, {
    area: 'faults: kill -9 around schedules\' sendAt', attempts: SCHEDULES, lost: missing.length, duplicated: twice.length,
    note: `${kills.join('; ')}; ${reclaimed} claimed again, ${late} late; ${seconds} s`,
  })
})
