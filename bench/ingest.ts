/**
 * Inbound ingest through the real pipeline: the sandbox driver injects messages for 50 companies x 100 contacts,
 * 4 per contact, in rounds (a conversation's usual shape: the first round's messages open their contacts and
 * tickets, the next ones find them; the first round's rate is reported on its own too). Each goes driver ->
 * message.inbound -> contact, message, ticket (one transaction), steps, domain events -> realtime `appMessage` to
 * the company's agents, whose real ws sockets (/api/ws) are open in a client process that also drives the load. The
 * client asks the server process over IPC to inject each message, and the server runs
 * `app.channels.command(companyId, whatsappId, 'inject', payload)`: exactly what a real driver's event does
 * (`--http`: through the sandbox admin API instead, POST /api/sandbox/:id/messages with an admin token, which adds
 * request parsing, auth and a connection lookup per message). Closed loop: `concurrency` messages in flight, each
 * done when its frame reached every agent socket of its company.
 * Figures: messages/s, and event-to-websocket p50/p99 (injection request -> frame at the socket, every delivery).
 * Baseline: the raw transaction (INSERT message + UPDATE ticket) on the same database, same concurrency, measured in
 * slices interleaved with the rounds (one after each): the machine's speed drifts within a run, and both figures
 * then see the same drift.
 * Also the transport's own ceiling (target: at least twice the baseline, so the pipeline has room): the same injection with the pipeline left out, each message
 * answered by one frame to the company's sockets (injection request, sandbox driver, event, websocket delivery,
 * client process), so the pipeline's share of the time per message can be told apart from the rest.
 *   node --import ./scripts/typescript.mjs bench/ingest.ts [--companies 50] [--contacts 100] [--messages 4] [--agents 2] [--concurrency 16]
 *     [--http] [--raw-ms 10000: the baseline's whole time] [--profile FILE.cpuprofile: a CPU profile of the server
 *     process during the rounds and the baseline's slices between them (under rawTransactions)]
 */
import type { FastifyInstance } from 'fastify'
import { benchApp, createBenchCompany, sandboxConnection, wsUrl } from './lib/app.ts'
import { db, flag, full, option, target, textOption } from './lib/env.ts'
import { profiled } from './lib/profile.ts'
import { record } from './lib/results.ts'
import { closedLoop, ms, pooled, summarize } from './lib/stats.ts'
import { startClient } from './lib/worker.ts'
import type { IngestArgs, IngestRound } from './lib/client.ts'
import type { DomainEvents } from '../core/plugin-api/index.ts'

const COMPANIES = option('companies', 50)
const CONTACTS = option('contacts', 100)
const MESSAGES = option('messages', 4)
const AGENTS = option('agents', 2)
const CONCURRENCY = option('concurrency', 16)
/** The baseline's whole time, in slices (one after each round). */
const RAW_MS = option('raw-ms', full ? 30_000 : 10_000)
const VIA: IngestArgs['via'] = flag('http') ? 'http' : 'driver'
const PATH = VIA === 'driver' ? "sandbox driver in the server process (channels.command 'inject', asked over IPC)" : 'sandbox HTTP API (POST /api/sandbox/:id/messages, admin token)'

console.log(`ingest: ${COMPANIES} companies x ${CONTACTS} contacts x ${MESSAGES} messages, ${AGENTS} agent sockets per company, ${CONCURRENCY} in flight; ${target()}`)
console.log(`injection: ${PATH}`)

/** The floor: one transaction per message that inserts it and bumps its ticket, nothing else. */
async function rawTransactions(app: FastifyInstance, durationMs: number): Promise<{ count: number; elapsedMs: number; latencies: number[] }> {
  const tickets: Array<{ id: number; companyId: number; contactId: number; whatsappId: number }> = await app.knex('tickets').select('id', 'companyId', 'contactId', 'whatsappId')
  const run = Date.now().toString(36)
  const result = await closedLoop(async (i) => {
    const t = tickets[i % tickets.length]
    const at = new Date()
    await app.knex.transaction(async (trx) => {
      await trx('messages').insert({
        companyId: t.companyId, ticketId: t.id, contactId: t.contactId, whatsappId: t.whatsappId, externalId: `RAW${run}${i}`,
        body: `raw ${i} olá, gostaria de saber o prazo de entrega`, fromMe: false, read: false, mediaType: 'chat', ack: 0, createdAt: at, updatedAt: at,
      })
      await trx('tickets').where({ id: t.id }).update({ lastMessage: `raw ${i}`, lastMessageAt: at, unreadMessages: trx.raw('unread_messages + 1'), updatedAt: at })
    }, db === 'mysql' ? { isolationLevel: 'read committed' } : undefined)
  }, { concurrency: CONCURRENCY, durationMs })
  if (result.errors) throw result.firstError
  return { count: result.latencies.length, elapsedMs: result.elapsedMs, latencies: result.latencies }
}

/**
 * The injection without the pipeline: while it runs, `message.inbound` is not handed to the subscribers (the
 * pipeline) but answered with the one appMessage frame the client waits for.
 */
async function transportCeiling(app: FastifyInstance, args: IngestArgs): Promise<IngestRound> {
  const events = app.events as unknown as { emit(name: string, payload: unknown): void }
  const emit = events.emit
  events.emit = function (name, payload) {
    if (name !== 'message.inbound') return emit.call(this, name, payload)
    const { companyId, event } = payload as DomainEvents['message.inbound']
    if (event.kind === 'message') app.realtime.publish({ companyId, topic: 'appMessage', data: { action: 'create', message: { body: event.body } }, audience: {} })
  }
  try {
    return await client.call<IngestRound>('ingest', args)
  } finally {
    events.emit = emit
  }
}

const bench = await benchApp()
const { app } = bench
// The client's injection requests: the sandbox driver's command, as a real driver event would arrive.
const client = startClient(new URL('./lib/client.ts', import.meta.url), {}, [], {
  inject: ({ companyId, whatsappId, payload }: { companyId: number; whatsappId: number; payload: unknown }) => app.channels.command(companyId, whatsappId, 'inject', payload),
})
try {
  const companies: IngestArgs['companies'] = []
  const sockets: Array<{ url: string; companyId: number }> = []
  for (let c = 0; c < COMPANIES; c++) {
    const company = await createBenchCompany(app, c, AGENTS - 1)
    companies.push({ id: company.id, whatsappId: await sandboxConnection(app, company.id), adminToken: company.admin.token })
    for (const a of [company.admin, ...company.agents]) sockets.push({ url: wsUrl(bench.base, a.token), companyId: company.id })
  }
  await client.call('connect', { sockets })
  console.log(`${companies.length} companies with a sandbox connection, ${app.realtime.size} agent sockets in the hub`)

  const run = Date.now().toString(36)
  const args = (round: number, runId = run): IngestArgs => ({ base: bench.base, via: VIA, companies, contacts: CONTACTS, round, run: runId, concurrency: CONCURRENCY, timeoutMs: 30_000 })
  // Each round of the pipeline is followed by a slice of the baseline: the machine's speed drifts within a run,
  // and interleaved, both figures see the same drift. (The first slice needs the tickets the first round opened.)
  const rounds: IngestRound[] = []
  const raws: Array<Awaited<ReturnType<typeof rawTransactions>>> = []
  let cpuMicros = 0
  await profiled(textOption('profile'), async () => {
    for (let m = 0; m < MESSAGES; m++) {
      const cpu0 = process.cpuUsage()
      rounds.push(await client.call<IngestRound>('ingest', args(m)))
      const cpu = process.cpuUsage(cpu0)
      cpuMicros += cpu.user + cpu.system
      await app.events.idle()
      raws.push(await rawTransactions(app, RAW_MS / MESSAGES))
    }
  })
  const r = combine(rounds)
  console.log(`server process cpu during the pipeline rounds: ${((cpuMicros / 1000 / r.elapsedMs) * 100).toFixed(0)}% of one core`)
  const [{ n: stored }] = await app.knex('messages').where('externalId', 'not like', 'RAW%').count({ n: '*' })
  const [{ n: tickets }] = await app.knex('tickets').count({ n: '*' })
  console.log(`pipeline: ${r.messages} messages in ${(r.elapsedMs / 1000).toFixed(1)} s = ${r.rate.toFixed(0)}/s; frame p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, max ${ms(r.max)} ms; ${r.deliveries} deliveries, ${r.lost} lost, ${r.errors} errors, ${r.crossCompany} to another company; ${stored} messages and ${tickets} tickets stored`)
  const first = combine(rounds.slice(0, 1))
  console.log(`  rounds: ${rounds.map((x) => ((x.messages / x.elapsedMs) * 1000).toFixed(0)).join(', ')} msg/s (the first: each contact's first message, opening its contact and ticket)`)
  if (r.firstError) console.log(`first error: ${r.firstError}`)
  const raw = pooled(raws)
  console.log(`raw transaction: ${raw.rate.toFixed(0)}/s (slices after each round: ${raws.map((x) => ((x.count / x.elapsedMs) * 1000).toFixed(0)).join(', ')}/s), p50 ${ms(raw.p50)} ms, p99 ${ms(raw.p99)} ms`)
  const ceiling = combine([await transportCeiling(app, args(0, `${run}c`))])
  console.log(`transport ceiling (no pipeline, one frame per message): ${ceiling.rate.toFixed(0)}/s, p50 ${ms(ceiling.p50)} ms, p99 ${ms(ceiling.p99)} ms; ${ceiling.lost} lost, ${ceiling.errors} errors`)
  await client.call('disconnect')

  const size = `${COMPANIES} companies x ${CONTACTS} contacts x ${MESSAGES} messages, ${AGENTS} sockets/company, ${CONCURRENCY} in flight, injected via ${VIA === 'driver' ? 'the sandbox driver' : 'the sandbox HTTP API'}; the baseline in ${MESSAGES} slices, one after each round`
  record({
    'ingest.rate': { value: r.rate, unit: 'msg/s', baseline: raw.rate, baselineOf: 'raw INSERT message + UPDATE ticket transaction', target: { min: 0.5, of: 'ratio' }, size },
    'ingest.p50': { value: r.p50, unit: 'ms', baseline: raw.p50, baselineOf: 'raw transaction latency', target: { max: 3, of: 'ratio' }, size },
    'ingest.p99': { value: r.p99, unit: 'ms', baseline: raw.p99, baselineOf: 'raw transaction latency', target: { max: 250 }, size },
    'ingest.firstMessages.rate': { value: first.rate, unit: 'msg/s', baseline: raw.rate, baselineOf: 'raw INSERT message + UPDATE ticket transaction', target: { min: 0.3, of: 'ratio' }, size: `the first round of the run above: ${first.messages} first messages, each opening its contact and ticket` },
    'ingest.ceiling': { value: ceiling.rate, unit: 'msg/s', baseline: raw.rate, baselineOf: 'raw INSERT message + UPDATE ticket transaction', target: { min: 2, of: 'ratio' }, size: `one round (${ceiling.messages} messages) of the run above, the pipeline left out` },
    'ingest.lost': { value: r.lost + r.errors + r.crossCompany, unit: 'messages', baseline: null, baselineOf: 'none', target: { max: 0, text: '0 lost, failed or misdelivered' }, size },
  })
} finally {
  await client.close()
  await bench.close()
}

/** Rounds taken together: messages over their summed time, percentiles over every delivery. */
function combine(list: IngestRound[]) {
  const messages = list.reduce((n, x) => n + x.messages, 0)
  const elapsedMs = list.reduce((n, x) => n + x.elapsedMs, 0)
  const s = summarize(list.flatMap((x) => x.latencies))
  return {
    messages, elapsedMs, rate: (messages / elapsedMs) * 1000, p50: s.p50, p99: s.p99, max: s.max, deliveries: s.n,
    lost: list.reduce((n, x) => n + x.lost, 0), errors: list.reduce((n, x) => n + x.errors, 0),
    crossCompany: list.reduce((n, x) => n + x.crossCompany, 0), firstError: list.find((x) => x.firstError)?.firstError,
  }
}
