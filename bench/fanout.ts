/**
 * Realtime fan-out: 1,000 agent sockets (real ws connections to /api/ws with real tokens) in 20 companies; each
 * round publishes one `ticket` frame per company (a real ticket's JSON, with the ticket's audience) through the
 * hub. Figures: time from the first publish to the last delivery, deliveries/s, and frames that reached a socket
 * of another company (must be 0); baseline: a raw `ws` server broadcasting the same frames to 1,000 sockets of its
 * own, open at the same time, its rounds alternating with the hub's.
 * The sockets live in a client process (the machine's other core).
 *   node --import ./scripts/typescript.mjs bench/fanout.ts [--sockets 1000] [--companies 20] [--rounds 50]
 */
import { WebSocketServer, type WebSocket } from 'ws'
import type { AddressInfo } from 'node:net'
import { benchApp, createBenchCompany, sandboxConnection, wsUrl } from './lib/app.ts'
import { full, option, target } from './lib/env.ts'
import { record } from './lib/results.ts'
import { ms, now, summarize } from './lib/stats.ts'
import { startClient } from './lib/worker.ts'
import type { RealtimeMessage } from '../core/realtime/types.ts'
import { loadTicketJson } from '../plugins/tickets/server/tickets/serialize.ts'
import { ticketAudience } from '../plugins/tickets/server/visibility.ts'

const SOCKETS = option('sockets', 1000)
const COMPANIES = option('companies', 20)
// Figures are medians of the rounds: over 20, the rate's ratio ranged 0.86-1.10 across runs of the same code (a
// target met in one run and missed in the next); over 50, 0.90-1.08, for 4 s more.
const ROUNDS = option('rounds', full ? 100 : 50)
const WARMUP = 3
const perCompany = Math.ceil(SOCKETS / COMPANIES)

interface Round { last: number; rate: number }

console.log(`fan-out: ${SOCKETS} sockets in ${COMPANIES} companies, ${ROUNDS} rounds; ${target()}`)
const bench = await benchApp()
const { app } = bench
const client = startClient(new URL('./lib/client.ts', import.meta.url))
try {
  // One admin + agents per company, one socket each; one real ticket per company (a message through the pipeline).
  const companies = []
  for (let c = 0; c < COMPANIES; c++) {
    const company = await createBenchCompany(app, c, perCompany - 1)
    const whatsappId = await sandboxConnection(app, company.id)
    await app.channels.command(company.id, whatsappId, 'inject', { from: `55119${String(c).padStart(8, '0')}`, name: `Cliente ${c}`, body: 'Olá, preciso de ajuda com meu pedido' })
    companies.push({ ...company, whatsappId })
  }
  await app.events.idle()
  const frames: RealtimeMessage[] = []
  for (const c of companies) {
    const row = await app.knex('tickets').where({ companyId: c.id }).first('id')
    const ticket = (await loadTicketJson(app, c.id, row.id))!
    frames.push({ companyId: c.id, topic: 'ticket', data: { action: 'update', ticket }, audience: ticketAudience(ticket) })
  }
  const sockets = companies.flatMap((c) => [c.admin, ...c.agents].map((a) => ({ url: wsUrl(bench.base, a.token), companyId: c.id })))
  const opened = await client.call<{ open: number }>('connect', { sockets })
  console.log(`${opened.open} sockets open, ${app.realtime.size} in the hub; frame ${Buffer.byteLength(JSON.stringify(frames[0].data))} bytes`)

  // The raw baseline: a bare ws server in this process, its own 1,000 sockets open beside the hub's.
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  await new Promise((r) => wss.once('listening', r))
  const byCompany = new Map<number, Set<WebSocket>>()
  wss.on('connection', (ws, req) => {
    const cid = Number(new URL(req.url!, 'http://x').searchParams.get('company'))
    const set = byCompany.get(cid) ?? new Set()
    set.add(ws)
    byCompany.set(cid, set)
  })
  const rawBase = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`
  await client.call('connect', { sockets: sockets.map((s) => ({ url: `${rawBase}?company=${s.companyId}`, companyId: s.companyId })), ping: false })
  while ([...byCompany.values()].reduce((n, s) => n + s.size, 0) < sockets.length) await new Promise((r) => setTimeout(r, 10))

  const publishHub = () => {
    for (const f of frames) app.realtime.publish(f)
  }
  const publishRaw = () => {
    for (const f of frames) {
      const frame = JSON.stringify({ event: `company-${f.companyId}-${f.topic}`, data: f.data })
      for (const ws of byCompany.get(f.companyId) ?? []) ws.send(frame)
    }
  }
  let crossSoFar = 0
  /** One round: publish, then wait for the fleet's deliveries (each publisher reaches its own 1,000 sockets). */
  async function round(publish: () => void): Promise<{ round: Round; crossCompany: number; short: boolean }> {
    await client.call('arm', { expected: sockets.length })
    const t0 = now()
    publish()
    const res = await client.call<{ count: number; last: number; crossCompany: number }>('waitRound', { timeoutMs: 10_000 })
    // The client counts cross-company frames over the fleet's life: this round's are the increase.
    const crossCompany = res.crossCompany - crossSoFar
    crossSoFar = res.crossCompany
    return { round: { last: res.last - t0, rate: (res.count / (res.last - t0)) * 1000 }, crossCompany, short: res.count !== sockets.length }
  }
  // Hub and raw rounds alternate (which goes first alternates too), so both meet the same load: run one after the
  // other, a busy spell of the shared machine during one of them decided the ratio (0.6 to 1.3 over runs).
  const hub = { publish: publishHub, rounds: [] as Round[], crossCompany: 0, short: 0 }
  const raw = { publish: publishRaw, rounds: [] as Round[], crossCompany: 0, short: 0 }
  for (let r = 0; r < WARMUP + ROUNDS; r++) {
    for (const side of r % 2 ? [raw, hub] : [hub, raw]) {
      const res = await round(side.publish)
      side.crossCompany += res.crossCompany
      if (res.short) side.short++
      if (r >= WARMUP) side.rounds.push(res.round)
    }
  }
  await client.call('disconnect')
  wss.close()

  const hubLast = summarize(hub.rounds.map((r) => r.last))
  const rawLast = summarize(raw.rounds.map((r) => r.last))
  const hubRate = summarize(hub.rounds.map((r) => r.rate))
  const rawRate = summarize(raw.rounds.map((r) => r.rate))
  console.log(`hub: last delivery p50 ${ms(hubLast.p50)} ms, p99 ${ms(hubLast.p99)} ms; raw ws: p50 ${ms(rawLast.p50)} ms, p99 ${ms(rawLast.p99)} ms; rounds short of deliveries: hub ${hub.short}, raw ${raw.short}`)
  const size = `${SOCKETS} sockets, ${COMPANIES} companies, ${ROUNDS} rounds`
  record({
    'fanout.lastDelivery': { value: hubLast.p50, unit: 'ms', baseline: rawLast.p50, baselineOf: 'raw ws broadcast, same frames and sockets', target: { max: 1.5, of: 'ratio' }, size },
    'fanout.lastDeliveryP99': { value: hubLast.p99, unit: 'ms', baseline: rawLast.p99, baselineOf: 'raw ws broadcast, same frames and sockets', target: { max: 2, of: 'ratio' }, size },
    'fanout.rate': { value: hubRate.p50, unit: 'deliveries/s', baseline: rawRate.p50, baselineOf: 'raw ws broadcast, same frames and sockets', target: { min: 0.9, of: 'ratio' }, size },
    'fanout.crossCompany': { value: hub.crossCompany, unit: 'frames', baseline: null, baselineOf: 'none', target: { max: 0 }, size },
    'fanout.missed': { value: hub.short, unit: 'rounds', baseline: null, baselineOf: 'none', target: { max: 0, text: '0 rounds short of a delivery' }, size },
  })
} finally {
  await client.close()
  await bench.close()
}
