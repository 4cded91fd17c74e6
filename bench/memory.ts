/**
 * Memory. On a real server process (`node --import ./scripts/typescript.mjs core/server.ts`, production env, a stored install) with a
 * tiny preload that runs full GCs on SIGUSR2: its RSS once idle for good (readings 5 s apart until 3 agree:
 * V8 returns its young generation only after some idle seconds), then what 1,000 idle agent sockets add (real ws
 * connections to /api/ws with real tokens, opened by a separate client process), read the same way (the larger of the
 * growth of its anonymous RSS and of its JS heap plus external memory). In a fresh process, with the
 * connections-memory.ts logic: what an idle sandbox connection and an offline Baileys session add.
 * Baselines, same node and tsx loader: a bare Fastify process (idle RSS; raw `ws` sockets on it) and bare Baileys
 * sockets with in-memory auth.
 *   node --expose-gc --import ./scripts/typescript.mjs bench/memory.ts [--sockets 1000] [--sessions 50]
 */
import { createBenchCompany, wsUrl } from './lib/app.ts'
import { option, target } from './lib/env.ts'
import { hasGc, kib } from './lib/settle.ts'
import type { SessionFigures } from './lib/memory.ts'
import { record } from './lib/results.ts'
import { prepareInstall, spawnServer } from './lib/server-process.ts'
import { startClient } from './lib/worker.ts'

const SOCKETS = option('sockets', 1000)
const SESSIONS = option('sessions', 50)
const COMPANIES = 20
const MB = 1024 * 1024
if (!hasGc) console.warn('run with --expose-gc for stable figures (npm run bench:memory does)')
console.log(`memory: ${SOCKETS} sockets, ${SESSIONS} sessions of each kind; ${target()}`)

/** Idle RSS of a spawned process, then the memory per socket once `SOCKETS` sockets are open on it. */
async function processFigures(file: string | undefined, env: Record<string, string>, sockets: (base: string) => Array<{ url: string; companyId: number }>, ping: boolean) {
  const server = await spawnServer({ file, env, gc: true })
  const client = startClient(new URL('./lib/client.ts', import.meta.url))
  try {
    const idle = await server.steadyMemory()
    await client.call('connect', { sockets: sockets(server.base), ping })
    const open = await server.steadyMemory()
    const mb = (v: number) => (v / MB).toFixed(1)
    for (const [what, m] of [['idle', idle], [`${SOCKETS} sockets`, open]] as const) {
      console.log(`  ${file ?? 'core/server.ts'} ${what}: rss ${mb(m.rss)} MiB (anon ${mb(m.rssAnon)}), heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MiB, external ${mb(m.external)} MiB; spaces ${m.spaces.filter((x) => x[1] > 0).map(([n, size, used]) => `${n} ${mb(used)}/${mb(size)}`).join(', ')}`)
    }
    const heapPerSocket = (open.heapUsed - idle.heapUsed) / SOCKETS
    // RSS alone undercounts when the idle heap had room the sockets filled (seen: +0.7 KiB rss, +13 KiB heap per
    // socket): a socket costs the larger of the RSS growth and the JS heap plus external memory growth. Only the
    // anonymous part of RSS counts: the file pages the first sockets' code touches (the node binary's ICU data and
    // compiler, 5.4 MiB on the platform whether 1,000 or 2,000 sockets connect) are shared and paid once.
    const perSocket = Math.max(open.rssAnon - idle.rssAnon, open.heapUsed + open.external - idle.heapUsed - idle.external) / SOCKETS
    return { idle: idle.rss, perSocket, heapPerSocket, idleHeap: idle.heapUsed }
  } finally {
    await client.close()
    await server.stop()
  }
}

const bareFigures = await processFigures('bench/lib/bare-server.ts', {}, (base) => Array.from({ length: SOCKETS }, () => ({ url: `${base.replace('http', 'ws')}/api/ws`, companyId: 0 })), false)

const { install, filled: tokens } = await prepareInstall(async (app) => {
  const out: Array<{ token: string; companyId: number }> = []
  for (let c = 0; c < COMPANIES; c++) {
    const company = await createBenchCompany(app, c, Math.ceil(SOCKETS / COMPANIES) - 1)
    out.push(...[company.admin, ...company.agents].map((a) => ({ token: a.token, companyId: company.id })))
  }
  return out.slice(0, SOCKETS)
})
let serverFigures
try {
  serverFigures = await processFigures(undefined, install.env, (base) => tokens.map((t) => ({ url: wsUrl(base, t.token), companyId: t.companyId })), true)
} finally {
  await install.drop()
}

// Bare Baileys sockets in their own process: the library's cost per offline session.
const bare = startClient(new URL('./lib/bare-server.ts', import.meta.url), {}, ['--expose-gc'])
const bareBaileys = await bare.call<{ heap: number; rss: number }>('baileys', { n: SESSIONS }).finally(() => bare.close())

// Sessions in a fresh process, as bench/connections-memory.ts measures them.
const sessionProcess = startClient(new URL('./lib/session-memory.ts', import.meta.url), {}, ['--expose-gc'])
const sessions = await sessionProcess.call<SessionFigures>('measure', { n: SESSIONS }).finally(() => sessionProcess.close())

console.log(`idle server ${(serverFigures.idle / MB).toFixed(1)} MiB rss (heap ${(serverFigures.idleHeap / MB).toFixed(1)} MiB); bare Fastify ${(bareFigures.idle / MB).toFixed(1)} MiB (heap ${(bareFigures.idleHeap / MB).toFixed(1)} MiB)`)
console.log(`per agent socket: ${kib(serverFigures.perSocket)} (heap ${kib(serverFigures.heapPerSocket)}); raw ws: ${kib(bareFigures.perSocket)} (heap ${kib(bareFigures.heapPerSocket)})`)
console.log(`per sandbox session (three batches of ${SESSIONS}): rss ${kib(sessions.sandbox.rss)}, heap ${kib(sessions.sandbox.heap)}; a warm-up batch of ${SESSIONS} before them, once per process: heap ${kib(sessions.warmUp.heap)}`)
console.log(`Baileys module, once per process: rss ${kib(sessions.module.rss)}, heap ${kib(sessions.module.heap)}`)
console.log(`per Baileys session: rss ${kib(sessions.baileys.rss)}, heap ${kib(sessions.baileys.heap)}; bare Baileys: rss ${kib(bareBaileys.rss)}, heap ${kib(bareBaileys.heap)}`)
const size = `${SOCKETS} sockets in ${COMPANIES} companies, ${SESSIONS} sessions per kind`
record({
  'memory.idleServer': { value: serverFigures.idle / MB, unit: 'MiB', baseline: bareFigures.idle / MB, baselineOf: 'bare Fastify process, same runtime', target: { max: 150 }, size },
  'memory.perSocket': { value: serverFigures.perSocket / 1024, unit: 'KiB', baseline: bareFigures.perSocket / 1024, baselineOf: 'raw ws socket on a bare process', target: { max: 3, of: 'ratio' }, size },
  // In-process RSS deltas of a few MB are noise (they even come out negative): sessions are compared by JS heap.
  'memory.perSandboxSession': { value: sessions.sandbox.heap / 1024, unit: 'KiB heap', baseline: bareFigures.heapPerSocket / 1024, baselineOf: 'raw ws socket (one idle connection), heap', target: { max: 16 }, size: `${size}; three batches of ${SESSIONS} sandbox sessions after a warm-up batch (${kib(sessions.warmUp.heap)} heap once per process: compiled code)` },
  'memory.perBaileysSession': { value: sessions.baileys.heap / 1024, unit: 'KiB heap', baseline: bareBaileys.heap / 1024, baselineOf: 'bare Baileys socket, in-memory auth, heap', target: { max: 1.5, of: 'ratio' }, size },
})
