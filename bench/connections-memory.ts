/**
 * Idle memory per connection session: N sandbox sessions, then N Baileys sessions with no network (their WhatsApp
 * address is a closed local port and the retry delay is long, so each sits idle after its first failed attempt,
 * holding its auth state, runner and socket objects). Heap and RSS deltas after a forced GC, divided by N.
 *   node --expose-gc --import ./scripts/typescript.mjs bench/connections-memory.ts [N]
 * Runs on a throwaway SQLite database (or TEST_DATABASE_URL); nothing leaves the machine. `npm run bench:memory`
 * measures the same sessions (plus sockets and the idle server) and records them with baselines.
 */
import { build } from '../core/testing/build.ts'
import { createCompanyWithUsers } from '../core/testing/fixtures.ts'
import { hasGc, kib, settle, startSessions, useOfflineBaileys } from './lib/memory.ts'

const N = Number(process.argv[2] ?? 50)
if (!hasGc) console.warn('run with --expose-gc for stable figures')

const teardowns: Array<() => unknown> = []
const app = await build({ teardown: (fn) => void teardowns.push(fn) })
try {
  useOfflineBaileys(app)
  const company = await createCompanyWithUsers(app, { planName: 'Enterprise' })

  const base = await settle()
  await startSessions(app, company.id, 'sandbox', N, 'CONNECTED')
  const sandbox = await settle()
  await import('@whiskeysockets/baileys')
  const loaded = await settle()
  await startSessions(app, company.id, 'beta-offline', N, 'TIMEOUT')
  const baileys = await settle()

  const rows = [
    ['sandbox session (idle, CONNECTED)', (sandbox.heap - base.heap) / N, (sandbox.rss - base.rss) / N],
    ['Baileys module, once per process', loaded.heap - sandbox.heap, loaded.rss - sandbox.rss],
    ['Baileys session (offline, waiting to retry)', (baileys.heap - loaded.heap) / N, (baileys.rss - loaded.rss) / N],
  ] as const
  console.log(`connections memory, N=${N} per kind, node ${process.version}${hasGc ? '' : ' (no --expose-gc: rough)'}`)
  console.log('| what | heap | rss |\n| --- | --- | --- |')
  for (const [what, heap, rss] of rows) console.log(`| ${what} | ${kib(heap)} | ${kib(rss)} |`)
} finally {
  for (const fn of teardowns.reverse()) await fn()
}
