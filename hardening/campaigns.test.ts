import t, { type Test } from 'tap'
import ExcelJS from 'exceljs'
import type { Knex } from 'knex'
import { recordFigures } from './lib/figures.ts'
import { customer, rawRequest, request, signupTenant, type Tenant } from './lib/http.ts'
import { multipartBody } from './lib/multipart.ts'
import { serverDb } from './lib/db.ts'
import { mariaDbAvailable, redisAvailable, startOwnMariaDb, startOwnRedis, type OwnMariaDb, type OwnRedis } from './lib/services.ts'
import { freePort, productionEnv, spawnServer, tempDir, type ServerProcess } from './lib/server.ts'
import { sleep, waitUntil } from '../core/testing/wait.ts'

/**
 * A 2,000-recipient campaign through the sandbox driver on a real server (MariaDB + Redis of our own, bee-queue jobs),
 * with a fault in the middle of the sends: kill -9 and a restart, a Redis restart (it loses every job), a database
 * restart. The sandbox's outbox is what the phones received: every recipient exactly once, none twice.
 */

const RECIPIENTS = 2000
const FAULT_AFTER = 400

type Fault = (ctx: { server: ServerProcess; mariadb: OwnMariaDb; redis: OwnRedis; restart: () => Promise<ServerProcess> }) => Promise<string>

async function startCampaign(base: string, tenant: Tenant): Promise<number> {
  const token = tenant.admin.token
  const ok = <T>(what: string, res: { status: number; body: T; text: string }, status = 200) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`)
    return res.body
  }
  ok('settings', await request(base, 'POST', '/campaign-settings', { token, body: { settings: { messageInterval: 0, longerIntervalAfter: 0 } } }))
  const list = ok('list', await request<{ id: number }>(base, 'POST', '/contact-lists', { token, body: { name: 'Falhas' } }), 201)
  const book = new ExcelJS.Workbook()
  book.addWorksheet('Clientes').addRows([['Nome', 'Numero'], ...Array.from({ length: RECIPIENTS }, (_, i) => [`Cliente ${i}`, customer(i)])])
  const { payload, headers } = multipartBody([{ field: 'file', name: 'clientes.xlsx', body: Buffer.from(await book.xlsx.writeBuffer()) }])
  const res = await rawRequest(base, 'POST', `/api/contact-lists/${list.id}/upload`, { ...headers, authorization: `Bearer ${token}` }, payload)
  const imported = JSON.parse(res.text) as { added: number }
  if (imported.added !== RECIPIENTS) throw new Error(`import: ${JSON.stringify(imported).slice(0, 300)}`)
  const past = new Date(Date.now() - 3 * 3600_000 - 60_000).toISOString().slice(0, 19).replace('T', ' ')
  const campaign = ok('campaign', await request<{ id: number }>(base, 'POST', '/campaigns', {
    token, body: { name: 'Falhas', whatsappId: tenant.whatsappId, contactListId: list.id, message1: 'Oi {nome}', scheduledAt: past },
  }), 201)
  return campaign.id
}

async function outboxCounts(db: Knex, companyId: number): Promise<Map<string, number>> {
  const rows = (await db('sandboxOutbox').where({ companyId }).groupBy('toJid').select('toJid').count({ n: '*' })) as Array<{ toJid: string; n: number }>
  return new Map(rows.map((r) => [r.toJid.split('@')[0], Number(r.n)]))
}

async function runFault(t: Test, area: string, dbName: string, fault: Fault): Promise<void> {
  const [mariadb, redis] = await Promise.all([startOwnMariaDb(), startOwnRedis()])
  mariadb.createDatabase(dbName)
  let server: ServerProcess | undefined
  t.teardown(async () => {
    await server?.stop()
    await Promise.all([mariadb.close(), redis.close()])
  })
  // A claim cut by the fault is checked again after 5 s (the default minute would only slow the test down).
  const env = productionEnv(await freePort(), tempDir(dbName), { DATABASE_URL: mariadb.url(dbName), REDIS_URL: redis.url, ACCESS_TOKEN_TTL: '2h', ZAPDESK_CAMPAIGN_CLAIM_TIMEOUT_MS: '5000' })
  server = await spawnServer({ env })
  const base = server.url
  const tenant = await signupTenant(base)
  const db = serverDb(server, t)
  const sent = async () => Number((await db('sandboxOutbox').where({ companyId: tenant.companyId }).count({ n: '*' }))[0].n)
  const started = Date.now()
  const campaignId = await startCampaign(base, tenant)
  await waitUntil('the sends to get going', async () => (await sent()) >= FAULT_AFTER, { timeoutMs: 180_000, intervalMs: 50 })
  const restart = async () => (server = await spawnServer({ env }))
  const what = await fault({ server, mariadb, redis, restart })
  const atFault = await sent()
  const status = async () => (await request<{ status: string; report: { delivered: number; valid: number } }>(server!.url, 'GET', `/campaigns/${campaignId}`, { token: tenant.admin.token })).body
  const done = await waitUntil('FINALIZADA', async () => {
    const s = await status().catch(() => undefined)
    return s?.status === 'FINALIZADA' ? s : undefined
  }, { timeoutMs: 300_000, intervalMs: 1000 })
  const seconds = Math.round((Date.now() - started) / 1000)
  const counts = await outboxCounts(db, tenant.companyId)
  const missing = Array.from({ length: RECIPIENTS }, (_, i) => customer(i)).filter((n) => !counts.has(n))
  const twice = [...counts].filter(([, n]) => n > 1).map(([number]) => number)
  const claims = (await db('campaignShipping').where({ campaignId }).where('attempts', '>', 1).count({ n: '*' }))[0].n
  t.comment(`${what}; ${atFault} sent when it happened; ${claims} recipients claimed again after it; ${seconds} s in all`)
  t.same(done.report, { ...done.report, valid: RECIPIENTS, delivered: RECIPIENTS }, `the report: ${RECIPIENTS} of ${RECIPIENTS} delivered`)
  t.same(missing.slice(0, 10), [], `no recipient missed (${missing.length})`)
  t.same(twice.slice(0, 10), [], `no recipient got the message twice (${twice.length})`)
  recordFigures(t, {
    area, attempts: RECIPIENTS, lost: missing.length, duplicated: twice.length,
    note: `${what}; ${atFault} of ${RECIPIENTS} sent at the fault, ${claims} claimed again, ${seconds} s`,
  })
}

const skip = mariaDbAvailable() ?? redisAvailable() ?? false

t.test('kill -9 mid-campaign and a restart: each of 2,000 recipients gets one message', { skip }, async (t) => {
  await runFault(t, 'faults: kill -9 mid-campaign', 'zapdesk_campaign_kill', async ({ server, restart }) => {
    server.signal('SIGKILL')
    await server.exited
    await sleep(500)
    await restart()
    return 'killed -9 and restarted'
  })
})

t.test('a Redis restart mid-campaign (every job lost): each of 2,000 recipients gets one message', { skip }, async (t) => {
  await runFault(t, 'faults: Redis restart mid-campaign', 'zapdesk_campaign_redis', async ({ redis }) => {
    const at = Date.now()
    await redis.stop()
    await sleep(2000)
    await redis.start()
    return `Redis down ${Date.now() - at} ms`
  })
})

t.test('a database restart mid-campaign: each of 2,000 recipients gets one message', { skip }, async (t) => {
  await runFault(t, 'faults: database restart mid-campaign', 'zapdesk_campaign_db', async ({ mariadb }) => {
    const at = Date.now()
    await mariadb.stop()
    await mariadb.start()
    return `database down ${Date.now() - at} ms`
  })
})
