/**
 * Idle memory per connection session: N sandbox sessions, then N Baileys sessions with no network (their WhatsApp
 * address is a closed local port and the retry delay is long, so each sits idle after its first failed attempt,
 * holding its auth state, runner and socket objects). Heap and RSS deltas after a forced GC, divided by N; a first
 * sandbox session (code and caches paid once per process) is measured apart.
 *   node --expose-gc --import ./scripts/typescript.mjs bench/connections-memory.ts [N]
 * Runs on a throwaway SQLite database (or TEST_DATABASE_URL); nothing leaves the machine. `npm run bench:memory`
 * measures the same sessions (plus sockets and the idle server) and records them with baselines.
 */
import { build } from '../core/testing/build.ts'
import { createCompanyWithUsers } from '../core/testing/fixtures.ts'
import { hasGc, kib, measureSessions } from './lib/memory.ts'

const N = Number(process.argv[2] ?? 50)
if (!hasGc) console.warn('run with --expose-gc for stable figures')

const teardowns: Array<() => unknown> = []
const app = await build({ teardown: (fn) => void teardowns.push(fn) })
try {
  const company = await createCompanyWithUsers(app, { planName: 'Enterprise' })
  const m = await measureSessions(app, company.id, N)
  const rows = [
    [`warm-up: ${N} sandbox sessions, once per process`, m.warmUp.heap, m.warmUp.rss],
    ['sandbox session (idle, CONNECTED; three batches after the warm-up)', m.sandbox.heap, m.sandbox.rss],
    ['Baileys module, once per process', m.module.heap, m.module.rss],
    ['Baileys session (offline, waiting to retry)', m.baileys.heap, m.baileys.rss],
  ] as const
  console.log(`connections memory, N=${N} per kind, node ${process.version}${hasGc ? '' : ' (no --expose-gc: rough)'}`)
  console.log('| what | heap | rss |\n| --- | --- | --- |')
  for (const [what, heap, rss] of rows) console.log(`| ${what} | ${kib(heap)} | ${kib(rss)} |`)
} finally {
  for (const fn of teardowns.reverse()) await fn()
}
