/**
 * Queries per inbound message: the same injection as bench/ingest.ts (the sandbox driver's `inject` command, real
 * pipeline, agent sockets open; `--http`: through the sandbox admin API, auth queries included), one company at a
 * time, counting knex 'query' events from the injection until every handler it started is done. Prints the count for a contact's first message and for a known contact's next ones, and the statements.
 *   node --import ./scripts/typescript.mjs bench/ingest-queries.ts [--messages 20] [--agents 2] [--verbose]
 */
import { WebSocket } from 'ws'
import { benchApp, createBenchCompany, sandboxConnection, wsUrl } from './lib/app.ts'
import { flag, option, target } from './lib/env.ts'

const MESSAGES = option('messages', 20)
const AGENTS = option('agents', 2)
const verbose = flag('verbose')

console.log(`ingest queries: ${MESSAGES} contacts x 2 messages, ${AGENTS} agent sockets, injected via ${flag('http') ? 'the sandbox HTTP API' : 'the sandbox driver'}; ${target()}`)
const bench = await benchApp()
const { app } = bench
const sockets: WebSocket[] = []
try {
  const company = await createBenchCompany(app, 0, AGENTS - 1)
  const whatsappId = await sandboxConnection(app, company.id)
  for (const a of [company.admin, ...company.agents]) {
    const ws = new WebSocket(wsUrl(bench.base, a.token))
    await new Promise((r, j) => {
      ws.once('open', () => ws.send(JSON.stringify({ type: 'ping' })))
      ws.once('message', r)
      ws.once('error', j)
    })
    sockets.push(ws)
  }
  let log: string[] | null = null
  app.knex.on('query', (q: { sql: string }) => log?.push(q.sql))
  const inject = async (contact: number, i: number) => {
    const payload = { from: `55119${String(contact).padStart(8, '0')}`, name: `Cliente ${contact}`, body: `mensagem ${i} olá, gostaria de saber o prazo de entrega` }
    if (!flag('http')) {
      await app.channels.command(company.id, whatsappId, 'inject', payload)
      await app.events.idle()
      return
    }
    const res = await fetch(`${bench.base}/api/sandbox/${whatsappId}/messages`, {
      method: 'POST', headers: { authorization: `Bearer ${company.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
    if (res.status !== 201) throw new Error(`inject: ${res.status} ${await res.text()}`)
    await app.events.idle()
  }
  const measure = async (label: string, run: () => Promise<void>) => {
    const counts = new Map<string, number>()
    let total = 0
    for (let k = 0; k < MESSAGES; k++) {
      log = []
      await run.call(null)
      await new Promise((r) => setTimeout(r, 5))
      await app.events.idle()
      total += log.length
      for (const sql of log) counts.set(sql, (counts.get(sql) ?? 0) + 1)
      log = null
    }
    console.log(`${label}: ${(total / MESSAGES).toFixed(1)} queries per message`)
    if (verbose) for (const [sql, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / MESSAGES).toFixed(2)}  ${sql.slice(0, 220)}`)
  }
  let first = 0
  let next = 0
  await measure('first message of a contact', () => inject(1000 + first++, 0))
  await measure('next message of a known contact', () => inject(1000 + (next++ % MESSAGES), 1))
} finally {
  for (const ws of sockets) ws.close()
  await bench.close()
}
