import t from 'tap'
import { freshDatabase } from '../core/testing/database.ts'
import { recordFigures } from './lib/figures.ts'
import { createAgents, customer, inject, request, signupTenant, ticketIds, type Answer } from './lib/http.ts'
import { serverDb } from './lib/db.ts'
import { freePort, productionEnv, spawnServer } from './lib/server.ts'
import { atRate, Tally } from './lib/traffic.ts'
import { envSeconds, waitUntil } from '../core/testing/wait.ts'

/**
 * Sustained mixed traffic at a fixed, moderate rate against a real production server: sign-ins, ticket lists,
 * message pages, agents' messages (sent through the sandbox), inbound messages and contacts. Every answer must be a
 * success and the server's resident memory must stay flat once warmed up. HARDENING_LOAD_SECONDS sets the length
 * (120 in `npm run test:hardening`; 1800 for the long run, see README); HARDENING_LOAD_RATE the requests per second.
 * On MariaDB when TEST_DATABASE_URL is set (a fresh database next to it), else SQLite.
 */

const SECONDS = envSeconds('HARDENING_LOAD_SECONDS', 120)
const RATE = envSeconds('HARDENING_LOAD_RATE', 40)
/** Memory samples before this are warm-up (V8 and the caches growing into their working size). */
const WARMUP_SECONDS = Math.min(60, Math.max(30, SECONDS * 0.25))
/** Allowed growth of resident memory between the start and the end of the measured part. */
const MAX_GROWTH_MB = envSeconds('HARDENING_LOAD_MAX_GROWTH_MB', SECONDS > 600 ? 96 : 64)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

t.test(`${SECONDS} s of mixed traffic at ${RATE} requests/s: no error, flat memory`, async (t) => {
  const db = await freshDatabase()
  const server = await spawnServer({ env: productionEnv(await freePort(), db.dataDir, { ACCESS_TOKEN_TTL: '4h', TRUST_PROXY: 'true', ...(db.url ? { DATABASE_URL: db.url } : {}) }) })
  t.teardown(async () => {
    await server.stop()
    await db.drop()
  })
  const base = server.url
  const tenant = await signupTenant(base)
  const token = tenant.admin.token
  const signers = await createAgents(base, tenant, 8)
  const firsts = await Promise.all(Array.from({ length: 20 }, (_, i) => inject(base, tenant, { from: customer(i), body: 'first message' })))
  t.same(firsts.map((r) => r.status), Array(20).fill(201), '20 customers write in')
  const tickets = await waitUntil('the first tickets', async () => {
    const ids = await ticketIds(base, token)
    return ids.length >= 20 ? ids : undefined
  }, { timeoutMs: 60_000 })

  // One slot of a 40-slot cycle per request; the mix: 40% inbound, 20% ticket lists, 10% message pages, 10% agents'
  // messages, 15% contacts (list, create, update), 5% sign-ins (each agent from its own address).
  const tally = new Tally()
  const byKind: Record<string, Tally> = {}
  const inboundAccepted = new Set<string>()
  const sendsAccepted = new Set<string>()
  const latencies: number[] = []
  let contactIds: number[] = []
  let signIns = 0
  const kinds = ['inbound', 'inbound', 'tickets', 'inbound', 'messages', 'inbound', 'send', 'tickets', 'contacts', 'inbound', 'login', 'tickets', 'inbound', 'contact+',
    'messages', 'inbound', 'send', 'tickets', 'inbound', 'contacts', 'inbound', 'contact~', 'tickets', 'inbound', 'messages', 'inbound', 'send', 'tickets', 'inbound',
    'contacts', 'inbound', 'login', 'tickets', 'inbound', 'messages', 'contact+', 'send', 'tickets', 'inbound', 'contacts']
  const call = (kind: string, n: number): Promise<Answer> => {
    const ticket = tickets[n % tickets.length]
    switch (kind) {
      case 'inbound': return inject(base, tenant, { from: customer(n % 200), name: `Customer ${n % 200}`, body: `load message ${n}`, id: `load${n}` }).then((res) => {
        if (res.status === 201) inboundAccepted.add(`load${n}`)
        return res
      })
      case 'tickets': return request(base, 'GET', `/tickets?pageNumber=1&status=${n % 2 ? 'pending' : 'open'}&showAll=true`, { token })
      case 'messages': return request(base, 'GET', `/messages/${ticket}?pageNumber=1`, { token })
      case 'send': return request(base, 'POST', `/messages/${ticket}`, { token, body: { body: `agent reply ${n}` } }).then((res) => {
        if (res.status === 201) sendsAccepted.add(`agent reply ${n}`)
        return res
      })
      case 'contacts': return request(base, 'GET', `/contacts?searchParam=customer&pageNumber=1`, { token })
      case 'contact+': return request(base, 'POST', '/contacts', { token, body: { name: `Lead ${n}`, number: `55218${String(n).padStart(8, '0')}`, email: '' } }).then((res) => {
        if (res.status === 201) contactIds = [...contactIds.slice(-50), res.body.id]
        return res
      })
      case 'contact~': return contactIds.length
        ? request(base, 'PUT', `/contacts/${contactIds[n % contactIds.length]}`, { token, body: { name: `Lead ${n} updated` } })
        : request(base, 'GET', '/contacts', { token })
      default: {
        const i = signIns++ % signers.length
        return request(base, 'POST', '/auth/login', { body: { email: signers[i].email, password: signers[i].password }, headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } })
      }
    }
  }

  const samples: Array<{ at: number; rssMb: number }> = []
  const started = Date.now()
  const sampler = setInterval(() => {
    if (server.alive()) samples.push({ at: (Date.now() - started) / 1000, rssMb: server.rssKb() / 1024 })
  }, 2000)
  t.teardown(() => clearInterval(sampler))
  const run = await atRate(RATE, SECONDS, async (n) => {
    const kind = kinds[n % kinds.length]
    const began = Date.now()
    const res = await call(kind, n)
    latencies.push(Date.now() - began)
    tally.add(kind, res)
    ;(byKind[kind] ??= new Tally()).add(kind, res)
  }, { maxInFlight: 200 })
  clearInterval(sampler)

  // Everything accepted must land: inbound messages stored, agents' messages sent through the sandbox.
  const dbc = serverDb(server, t)
  const landed = async () => {
    const stored = new Set(((await dbc('messages').where({ companyId: tenant.companyId, fromMe: false }).where('externalId', 'like', 'load%').select('externalId')) as Array<{ externalId: string }>).map((r) => r.externalId))
    const sent = new Set(((await dbc('sandboxOutbox').where({ companyId: tenant.companyId }).where('body', 'like', 'agent reply%').select('body')) as Array<{ body: string }>).map((r) => r.body))
    return { inbound: [...inboundAccepted].filter((id) => !stored.has(id)).length, sends: [...sendsAccepted].filter((b) => !sent.has(b)).length }
  }
  let missing = await landed()
  await waitUntil('accepted messages to land', async () => (missing = await landed()).inbound + missing.sends === 0, { timeoutMs: 60_000, intervalMs: 1000 }).catch(() => undefined)

  const measured = samples.filter((s) => s.at >= WARMUP_SECONDS)
  const span = Math.max(1, Math.floor(measured.length / 5))
  const startMb = median(measured.slice(0, span).map((s) => s.rssMb))
  const endMb = median(measured.slice(-span).map((s) => s.rssMb))
  const peakMb = Math.max(...samples.map((s) => s.rssMb))
  const growth = endMb - startMb
  latencies.sort((a, b) => a - b)
  const p50 = latencies[Math.floor(latencies.length / 2)]
  const p99 = latencies[Math.floor(latencies.length * 0.99)]
  const achieved = Math.round((run.fired / run.ms) * 1000)
  t.comment(`${run.fired} requests in ${run.ms} ms (${achieved}/s, ${run.skipped} held back), p50 ${p50} ms, p99 ${p99} ms; ${tally.summary()}`)
  t.comment(`by kind: ${Object.entries(byKind).map(([k, v]) => `${k} ${v.ok}/${v.sent}`).join(', ')}`)
  t.comment(`RSS MB every 2 s: ${samples.map((s) => s.rssMb.toFixed(0)).join(' ')}`)
  t.equal(tally.errors, 0, `every request succeeded${tally.examples.length ? `: ${tally.examples.join(' | ')}` : ''}`)
  t.equal(run.skipped, 0, 'the server kept up: no request held back')
  t.ok(measured.length >= 5, `${measured.length} memory samples after the ${WARMUP_SECONDS} s warm-up`)
  t.ok(growth < MAX_GROWTH_MB, `resident memory flat after warm-up: ${startMb.toFixed(0)} MB -> ${endMb.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB, bound ${MAX_GROWTH_MB} MB), peak ${peakMb.toFixed(0)} MB`)
  t.ok(server.alive(), 'the server is up')
  t.same(missing, { inbound: 0, sends: 0 }, `all ${inboundAccepted.size} inbound messages stored and all ${sendsAccepted.size} agents' messages sent`)
  recordFigures(t, {
    area: `load: ${SECONDS} s mixed at ${RATE}/s`, attempts: tally.sent, refused: tally.clientErrors, serverErrors: tally.serverErrors, lost: missing.inbound + missing.sends,
    note: `${tally.networkErrors} unanswered, ${achieved}/s achieved, p50 ${p50} ms, p99 ${p99} ms, RSS ${startMb.toFixed(0)} -> ${endMb.toFixed(0)} MB after warm-up (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB), peak ${peakMb.toFixed(0)} MB`,
  })
})
