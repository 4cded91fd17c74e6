/**
 * Inbound ingest through the real pipeline: the sandbox driver injects messages for 50 companies x 100 contacts,
 * 4 per contact (a conversation's usual shape: its first message opens the contact and the ticket, the next ones
 * find them; the first round's rate is reported on its own too); each goes driver -> message.inbound -> contact, message, ticket (one transaction), steps, domain events ->
 * realtime `appMessage` to the company's agents, whose real ws sockets (/api/ws) are open in a client process that
 * also drives the load. The client asks the server process over IPC to inject each message, and the server runs
 * `app.channels.command(companyId, whatsappId, 'inject', payload)`: exactly what a real driver's event does
 * (`--http`: through the sandbox admin API instead, POST /api/sandbox/:id/messages with an admin token, which adds
 * request parsing, auth and a connection lookup per message). Closed loop: `concurrency` messages in flight, each
 * done when its frame reached every agent socket of its company.
 * Figures: messages/s, and event-to-websocket p50/p99 (injection request -> frame at the socket, every delivery).
 * Baseline: the raw transaction (INSERT message + UPDATE ticket) on the same database, same concurrency, measured
 * twice (before and after the transport ceiling) and averaged.
 * Also (informational) the transport's own ceiling: the same injection with the pipeline left out, each message
 * answered by one frame to the company's sockets (injection request, sandbox driver, event, websocket delivery,
 * client process), so the pipeline's share of the time per message can be told apart from the rest.
 *   node --import tsx bench/ingest.ts [--companies 50] [--contacts 100] [--messages 4] [--agents 2] [--concurrency 16] [--http]
 *     [--profile FILE.cpuprofile: a CPU profile of the server process during the pipeline phase]
 */
import type { FastifyInstance } from 'fastify'
import { benchApp, createBenchCompany, sandboxConnection, wsUrl } from './lib/app.ts'
import { db, flag, full, option, target, textOption } from './lib/env.ts'
import { profiled } from './lib/profile.ts'
import { record } from './lib/results.ts'
import { closedLoop, ms, summarize } from './lib/stats.ts'
import { startClient } from './lib/worker.ts'
import type { IngestArgs } from './lib/client.ts'
import type { DomainEvents } from '../core/plugin-api/index.ts'

const COMPANIES = option('companies', 50)
const CONTACTS = option('contacts', 100)
const MESSAGES = option('messages', 4)
const AGENTS = option('agents', 2)
const CONCURRENCY = option('concurrency', 16)
const RAW_MS = option('raw-ms', full ? 15_000 : 5000)
const VIA: IngestArgs['via'] = flag('http') ? 'http' : 'driver'
const PATH = VIA === 'driver' ? "sandbox driver in the server process (channels.command 'inject', asked over IPC)" : 'sandbox HTTP API (POST /api/sandbox/:id/messages, admin token)'

console.log(`ingest: ${COMPANIES} companies x ${CONTACTS} contacts x ${MESSAGES} messages, ${AGENTS} agent sockets per company, ${CONCURRENCY} in flight; ${target()}`)
console.log(`injection: ${PATH}`)

/** The floor: one transaction per message that inserts it and bumps its ticket, nothing else. */
async function rawTransactions(app: FastifyInstance): Promise<{ rate: number; p50: number; p99: number }> {
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
  }, { concurrency: CONCURRENCY, durationMs: RAW_MS })
  if (result.errors) throw result.firstError
  const s = summarize(result.latencies)
  return { rate: (s.n / result.elapsedMs) * 1000, p50: s.p50, p99: s.p99 }
}

/**
 * The injection without the pipeline: while it runs, `message.inbound` is not handed to the subscribers (the
 * pipeline) but answered with the one appMessage frame the client waits for.
 */
async function transportCeiling(app: FastifyInstance, args: IngestArgs): Promise<IngestResult> {
  const events = app.events as unknown as { emit(name: string, payload: unknown): void }
  const emit = events.emit
  events.emit = function (name, payload) {
    if (name !== 'message.inbound') return emit.call(this, name, payload)
    const { companyId, event } = payload as DomainEvents['message.inbound']
    if (event.kind === 'message') app.realtime.publish({ companyId, topic: 'appMessage', data: { action: 'create', message: { body: event.body } }, audience: {} })
  }
  try {
    return await client.call<IngestResult>('ingest', args)
  } finally {
    events.emit = emit
  }
}

type IngestResult = { messages: number; elapsedMs: number; rate: number; p50: number; p99: number; max: number; deliveries: number; lost: number; errors: number; firstError?: string; crossCompany: number; firstRound: { messages: number; rate: number } }

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

  const args: IngestArgs = { base: bench.base, via: VIA, companies, contacts: CONTACTS, messagesPerContact: MESSAGES, concurrency: CONCURRENCY, timeoutMs: 30_000 }
  const cpu0 = process.cpuUsage()
  const r = await profiled(textOption('profile'), () => client.call<IngestResult>('ingest', args))
  const cpu = process.cpuUsage(cpu0)
  console.log(`server process cpu during the pipeline phase: ${(((cpu.user + cpu.system) / 1000 / r.elapsedMs) * 100).toFixed(0)}% of one core (user ${(cpu.user / 1000 / r.elapsedMs * 100).toFixed(0)}%)`)
  await app.events.idle()
  const [{ n: stored }] = await app.knex('messages').count({ n: '*' })
  const [{ n: tickets }] = await app.knex('tickets').count({ n: '*' })
  console.log(`pipeline: ${r.messages} messages in ${(r.elapsedMs / 1000).toFixed(1)} s = ${r.rate.toFixed(0)}/s; frame p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, max ${ms(r.max)} ms; ${r.deliveries} deliveries, ${r.lost} lost, ${r.errors} errors, ${r.crossCompany} to another company; ${stored} messages and ${tickets} tickets stored`)
  console.log(`  of which the first round (each contact's first message: new contact and ticket): ${r.firstRound.messages} messages at ${r.firstRound.rate.toFixed(0)}/s`)
  if (r.firstError) console.log(`first error: ${r.firstError}`)
  // The baseline is measured twice, around the transport ceiling, and averaged: the machine's speed drifts.
  const rawBefore = await rawTransactions(app)
  const ceiling = await transportCeiling(app, args)
  console.log(`transport ceiling (no pipeline, one frame per message): ${ceiling.rate.toFixed(0)}/s, p50 ${ms(ceiling.p50)} ms, p99 ${ms(ceiling.p99)} ms; ${ceiling.lost} lost, ${ceiling.errors} errors`)
  await client.call('disconnect')

  const rawAfter = await rawTransactions(app)
  const raw = { rate: (rawBefore.rate + rawAfter.rate) / 2, p50: (rawBefore.p50 + rawAfter.p50) / 2, p99: (rawBefore.p99 + rawAfter.p99) / 2 }
  console.log(`raw transaction: ${raw.rate.toFixed(0)}/s (${rawBefore.rate.toFixed(0)}/s and ${rawAfter.rate.toFixed(0)}/s), p50 ${ms(raw.p50)} ms, p99 ${ms(raw.p99)} ms`)
  const size = `${COMPANIES} companies x ${CONTACTS} contacts x ${MESSAGES} messages, ${AGENTS} sockets/company, ${CONCURRENCY} in flight, injected via ${VIA === 'driver' ? 'the sandbox driver' : 'the sandbox HTTP API'}`
  record({
    'ingest.rate': { value: r.rate, unit: 'msg/s', baseline: raw.rate, baselineOf: 'raw INSERT message + UPDATE ticket transaction', target: { min: 0.5, of: 'ratio' }, size },
    'ingest.p50': { value: r.p50, unit: 'ms', baseline: raw.p50, baselineOf: 'raw transaction latency', size },
    'ingest.p99': { value: r.p99, unit: 'ms', baseline: raw.p99, baselineOf: 'raw transaction latency', target: { max: 250 }, size },
    'ingest.firstMessages.rate': { value: r.firstRound.rate, unit: 'msg/s', baseline: raw.rate, baselineOf: 'raw INSERT message + UPDATE ticket transaction', size: `the first round of the run above: ${r.firstRound.messages} first messages, each opening its contact and ticket` },
    'ingest.ceiling': { value: ceiling.rate, unit: 'msg/s', baseline: raw.rate, baselineOf: 'raw INSERT message + UPDATE ticket transaction', size },
    'ingest.lost': { value: r.lost + r.errors + r.crossCompany, unit: 'messages', baseline: null, baselineOf: 'none', target: { max: 0, text: '0 lost, failed or misdelivered' }, size },
  })
} finally {
  await client.close()
  await bench.close()
}
