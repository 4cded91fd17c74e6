/**
 * Ticket list, search and a ticket's messages page: tickets, contacts, messages and the search word index
 * bulk-inserted straight into the tables across 50 companies (bench/lib/list-seed.ts; the issue's 100k tickets / 1M
 * messages by default: about 2 minutes of seeding on MariaDB; `--tickets 10000 --messages 100000` for a quick run),
 * then through HTTP (keep-alive sockets from a client process, real tokens of admins and agents): GET /api/tickets
 * lists by status and page, searches (searchParam: words of the messages, contact names), and GET
 * /api/messages/:ticketId (a ticket opened by its agent, or by an admin). Figures: req/s and p50/p99 of each,
 * against the raw indexed SQL query run the same way in this process, and a Fastify hello-world route of the same
 * app; first the queries one request of each kind costs; with each figure, the CPU time per request of the server
 * process, (when it runs on this machine) of the database server and (HTTP phases) of the load client's process.
 *   node --import ./scripts/typescript.mjs bench/list.ts [--tickets 100000] [--messages 1000000] [--concurrency 8] [--seconds 5] [--slices 5] [--warm-up 5] [--profile FILE]
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { benchApp } from './lib/app.ts'
import { databaseCpu } from './lib/database-cpu.ts'
import { full, option, target, textOption } from './lib/env.ts'
import { FIRST, plain, seedList } from './lib/list-seed.ts'
import { profiled } from './lib/profile.ts'
import { record } from './lib/results.ts'
import { closedLoop, ms, pooled, rng } from './lib/stats.ts'
import { startClient } from './lib/worker.ts'
import type { HttpLoadResult, HttpRequestSpec } from './lib/client.ts'

const COMPANIES = option('companies', 50)
const TICKETS = option('tickets', 100_000)
const MESSAGES = option('messages', 1_000_000)
const CONCURRENCY = option('concurrency', 8)
const SECONDS = option('seconds', full ? 15 : 5)
// Each phase (HTTP or raw) runs unmeasured first. A request path's first seconds cost V8's tier-up: in 3-second slices
// of list requests right after the hello-world phase (50k tickets, 2026-12-07), the app's CPU per request was 1306,
// 877, 815, 847 and 743 us: after a 1-second warm-up the measured 5 seconds still held two of that first slice.
const WARM_UP_SECONDS = option('warm-up', 5)
const SLICES = option('slices', 5)
const perTicket = Math.max(1, Math.round(MESSAGES / TICKETS))
console.log(`list: ${TICKETS} tickets, ${perTicket * TICKETS} messages in ${COMPANIES} companies; ${CONCURRENCY} concurrent, ${SECONDS} s per phase in ${SLICES} slices taken in turn with its baselines', after ${WARM_UP_SECONDS} s unmeasured; ${target()}`)

/** A measured slice of one phase: its latencies (ms), and the CPU time (us) of the server process, the database and the load client meanwhile. */
interface Slice { latencies: number[]; elapsedMs: number; cpuUs: number; dbUs?: number; clientUs?: number }
/** A phase's figures over its slices: rate and percentiles pooled, and each process's CPU time per request. */
interface Measured { rate: number; p50: number; p99: number; cpuUs: number; dbUs?: number; clientCpuUs?: number }
function measured(slices: Slice[]): Measured {
  const { rate, p50, p99, n } = pooled(slices)
  const per = (of: (s: Slice) => number | undefined): number | undefined =>
    slices.every((s) => of(s) !== undefined) ? slices.reduce((sum, s) => sum + (of(s) ?? 0), 0) / Math.max(1, n) : undefined
  return { rate, p50, p99, cpuUs: per((s) => s.cpuUs) ?? 0, dbUs: per((s) => s.dbUs), clientCpuUs: per((s) => s.clientUs) }
}

const random = rng()
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]
const MESSAGES_PAGE = 20

const bench = await benchApp({}, (app) => {
  app.get('/bench/hello', { config: { access: 'public' } }, async () => ({ hello: 'world' }))
})
const { app } = bench
// Queries of one request: counted in the request's own async context, entered as the HTTP server hands it to
// Fastify (before the access hook), so the background jobs' queries meanwhile are not.
const inRequest = new AsyncLocalStorage<{ queries: number }>()
const counted = new Map<string, { queries: number }>()
const [fastifyHandler] = app.server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>
app.server.removeAllListeners('request')
app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  const store = counted.get(String(req.headers['x-bench-count']))
  if (store) inRequest.run(store, () => fastifyHandler(req, res))
  else fastifyHandler(req, res)
})
const client = startClient(new URL('./lib/client.ts', import.meta.url))
try {
  const companies = await seedList(app, { companies: COMPANIES, tickets: TICKETS, messages: MESSAGES }, random)
  const counts = await Promise.all(['tickets', 'messages', 'ticketSearchWords'].map(async (t) => Number((await app.knex(t).count({ n: '*' }))[0].n)))
  console.log(`seeded ${counts[0]} tickets, ${counts[1]} messages, ${counts[2]} search words`)

  const as = (token: string) => ({ authorization: `Bearer ${token}` })
  const listRequests: HttpRequestSpec[] = []
  const searchRequests: HttpRequestSpec[] = []
  const rawList: Array<{ companyId: number; status: string; page: number }> = []
  const rawSearch: Array<{ companyId: number; word: string }> = []
  for (let i = 0; i < 1000; i++) {
    const company = pick(companies)
    const admin = random() < 0.5
    const token = admin ? company.admin.token : pick(company.agents).token
    const status = pick(['open', 'pending', 'open', 'closed'])
    const page = 1 + Math.floor(random() * 3)
    listRequests.push({ path: `/api/tickets?status=${status}&showAll=${admin}&pageNumber=${page}`, headers: as(token) })
    rawList.push({ companyId: company.id, status, page })
    // Half the searches are a message word's first 4+ letters, half a contact's first name.
    const term = random() < 0.5 ? pick(company.words).slice(0, 4 + Math.floor(random() * 3)) : plain(pick(FIRST))
    searchRequests.push({ path: `/api/tickets?searchParam=${encodeURIComponent(term)}&showAll=${admin}&pageNumber=1`, headers: as(token) })
    rawSearch.push({ companyId: company.id, word: term })
  }

  // A ticket's messages page: opened by the agent holding it (who reads it) or by an admin (who only looks).
  const messagesRequests: HttpRequestSpec[] = []
  const rawMessages: Array<{ companyId: number; ticketId: number }> = []
  for (let i = 0; i < 1000; i++) {
    const company = pick(companies)
    const ticket = pick(company.tickets)
    const holder = company.agents.find((a) => a.userId === ticket.userId)
    const token = holder && random() < 0.5 ? holder.token : company.admin.token
    messagesRequests.push({ path: `/api/messages/${ticket.id}`, headers: as(token) })
    rawMessages.push({ companyId: company.id, ticketId: ticket.id })
  }

  // Round trips: the queries one request of each kind costs (the first 20 of each, one at a time): the first request
  // of a session (its auth context read) and the same request again (the steady state: contexts and per-company
  // lookups kept in memory).
  const countQuery = () => void (inRequest.getStore() && inRequest.getStore()!.queries++)
  app.knex.on('query', countQuery)
  const countedFetch = async (r: HttpRequestSpec): Promise<number> => {
    const store = { queries: 0 }
    const id = String(counted.size)
    counted.set(id, store)
    const res = await fetch(`${bench.base}${r.path}`, { headers: { ...r.headers, 'x-bench-count': id } })
    if (res.status !== 200) throw new Error(`${r.path}: ${res.status} ${(await res.text()).slice(0, 200)}`)
    await res.arrayBuffer()
    return store.queries
  }
  const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1)
  for (const [what, requests] of [['list', listRequests], ['search', searchRequests], ['messages', messagesRequests]] as const) {
    const first: number[] = []
    const again: number[] = []
    for (const r of requests.slice(0, 20)) {
      first.push(await countedFetch(r))
      again.push(await countedFetch(r))
    }
    console.log(`queries per ${what} request: ${Math.min(...again)}-${Math.max(...again)} (mean ${mean(again)}); a session's first: ${Math.min(...first)}-${Math.max(...first)} (mean ${mean(first)})`)
  }
  // The counting ends here: an enabled AsyncLocalStorage hooks every promise of the process (about 5% of a list
  // request's CPU in a profile), which the timed phases below must not pay.
  app.knex.off('query', countQuery)
  inRequest.disable()
  counted.clear()

  const profile = textOption('profile')
  // The database's CPU beside the server process's: both share the machine's cores, so a rate comes down to their sum.
  const dbCpu = databaseCpu()
  const sliceMs = (SECONDS * 1000) / SLICES
  /** One phase (an HTTP path or a raw query) run for `durationMs`. */
  type Phase = (durationMs: number) => Promise<Slice>
  /** A slice of `load`, with what this process and the database spent meanwhile. */
  const measure = async (load: () => Promise<Omit<Slice, 'cpuUs' | 'dbUs'>>): Promise<Slice> => {
    const cpu = process.cpuUsage()
    const db = dbCpu?.()
    const slice = await load()
    const used = process.cpuUsage(cpu)
    return { ...slice, cpuUs: used.user + used.system, dbUs: db === undefined ? undefined : dbCpu!() - db }
  }
  const httpPhase = (requests: HttpRequestSpec[]): Phase => (durationMs) => measure(async () => {
    const r = await client.call<HttpLoadResult>('httpLoad', { base: bench.base, requests, concurrency: CONCURRENCY, durationMs })
    if (r.errors) throw new Error(`${r.errors} failed requests: ${r.firstError}`)
    return { latencies: r.latencies, elapsedMs: r.elapsedMs, clientUs: r.clientCpuUs * r.count }
  })
  const sqlPhase = (task: (i: number) => Promise<unknown>): Phase => (durationMs) => measure(async () => {
    const r = await closedLoop(task, { concurrency: CONCURRENCY, durationMs })
    if (r.errors) throw r.firstError
    return { latencies: r.latencies, elapsedMs: r.elapsedMs }
  })
  /**
   * A comparison's phases (a path and the baselines its ratios are to), each run unmeasured first, then measured in
   * SLICES turns of one slice each: the machine's drift over a run (hello-world at 12k requests/s in one run and 21k
   * in the next, five minutes apart, on 2026-12-07) falls on both sides of a ratio alike, as ingest's slices do.
   * `--profile` profiles the measured turns, the raw queries' slices (run in this process) among them.
   */
  const compared = async (what: string, phases: Phase[]): Promise<Measured[]> => {
    for (const phase of phases) await phase(WARM_UP_SECONDS * 1000)
    const slices: Slice[][] = phases.map(() => [])
    await profiled(profile && `${profile}.${what}.cpuprofile`, async () => {
      for (let turn = 0; turn < SLICES; turn++) for (const [i, phase] of phases.entries()) slices[i].push(await phase(sliceMs))
    })
    return slices.map(measured)
  }

  const [hello, list, rawListed] = await compared('list', [httpPhase([{ path: '/bench/hello' }]), httpPhase(listRequests), sqlPhase((i) => {
    const q = rawList[i % rawList.length]
    return app.knex('tickets').where({ companyId: q.companyId, status: q.status }).orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(41).offset((q.page - 1) * 40)
  })])
  const [search, rawSearched] = await compared('search', [httpPhase(searchRequests), sqlPhase((i) => {
    const q = rawSearch[i % rawSearch.length]
    return app.knex('tickets').where({ companyId: q.companyId })
      .whereIn('id', app.knex('ticketSearchWords').distinct('ticketId').where({ companyId: q.companyId }).where('word', 'like', `${q.word}%`))
      .orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(41)
  })])
  const [messages, rawMessaged] = await compared('messages', [httpPhase(messagesRequests), sqlPhase((i) => {
    const q = rawMessages[i % rawMessages.length]
    return app.knex('messages').where({ companyId: q.companyId, ticketId: q.ticketId }).orderBy('id', 'desc').limit(MESSAGES_PAGE)
  })])
  const line = (what: string, r: Measured) =>
    console.log(`${what.padEnd(22)} ${r.rate.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50).padStart(6)} ms  p99 ${ms(r.p99).padStart(6)} ms  server CPU ${r.cpuUs.toFixed(0).padStart(4)} us/request${r.dbUs === undefined ? '' : `, database ${r.dbUs.toFixed(0).padStart(4)}`}${r.clientCpuUs === undefined ? '' : `, client ${r.clientCpuUs.toFixed(0).padStart(4)}`}`)
  line('hello-world (HTTP)', hello)
  line('GET /tickets list', list)
  line('raw list SQL', rawListed)
  line('GET /tickets search', search)
  line('raw search SQL', rawSearched)
  line('GET /messages/:id', messages)
  line('raw messages SQL', rawMessaged)
  const size = `${counts[0]} tickets, ${counts[1]} messages, ${COMPANIES} companies, ${CONCURRENCY} concurrent`
  const helloOf = 'Fastify hello-world route, same app and client'
  record({
    'list.rate': { value: list.rate, unit: 'req/s', baseline: hello.rate, baselineOf: helloOf, target: { min: 0.15, of: 'ratio' }, size },
    'list.p50': { value: list.p50, unit: 'ms', baseline: rawListed.p50, baselineOf: 'raw indexed SQL list query', target: { max: 3, of: 'ratio' }, size },
    'list.p99': { value: list.p99, unit: 'ms', baseline: rawListed.p99, baselineOf: 'raw indexed SQL list query', target: { max: 4, of: 'ratio' }, size },
    'search.rate': { value: search.rate, unit: 'req/s', baseline: hello.rate, baselineOf: helloOf, target: { min: 0.15, of: 'ratio' }, size },
    'search.p50': { value: search.p50, unit: 'ms', baseline: rawSearched.p50, baselineOf: 'raw word-index SQL search', target: { max: 3, of: 'ratio' }, size },
    'search.p99': { value: search.p99, unit: 'ms', baseline: rawSearched.p99, baselineOf: 'raw word-index SQL search', target: { max: 4, of: 'ratio' }, size },
    'messages.p50': { value: messages.p50, unit: 'ms', baseline: rawMessaged.p50, baselineOf: 'raw indexed SQL page of a ticket\'s messages', target: { max: 3, of: 'ratio' }, size },
    'messages.p99': { value: messages.p99, unit: 'ms', baseline: rawMessaged.p99, baselineOf: 'raw indexed SQL page of a ticket\'s messages', target: { max: 4, of: 'ratio' }, size },
  })
} finally {
  await client.close()
  await bench.close()
}
