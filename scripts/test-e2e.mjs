// npm run test:e2e [-- files or tap options]: the browser tests (e2e/*.test.ts, or the files given, in their order)
// with tap, the slowest first (scripts/tap-order.mjs: tap itself starts files in name order, and the schedules test,
// which waits for its message's minute, started 21st of 25 and ended the stage alone). Exits with tap's code.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runTapInOrder } from './tap-order.mjs'

const root = fileURLToPath(new URL('../', import.meta.url))
/**
 * Files at a time: one per core, and one more for the schedules test, which starts first and mostly waits for its
 * message's minute. Chromium keeps the cores busy (most of a file's CPU is the browser's). On a machine with two cores
 * (the same 639 assertions): 319 s and 475 CPU-s two at a time, 283 s and 503 CPU-s three at a time, 277 s and 530
 * four at a time; on a slower one, where every fresh memory page cost more, 574 s and 1027 CPU-s two at a time, 675 s
 * and 1342 CPU-s four at a time.
 */
const JOBS = Math.max(1, Math.min(5, os.availableParallelism() + 1))
/**
 * Seconds in a CI run four at a time (a slower machine): schedules 146, campaigns 69, tickets 56, pwa 52, announcements
 * 50, the rest 24-49; three at a time (2026-12-07): schedules 59, campaigns 50, the rest 18-41.
 */
const SLOWEST = ['schedules', 'campaigns', 'tickets', 'pwa', 'announcements']

const args = process.argv.slice(2)
const options = args.filter((a) => a.startsWith('-'))
let files = args.filter((a) => !a.startsWith('-'))
if (!files.length) {
  const all = fs.readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.test.ts')).sort().map((f) => `e2e/${f}`)
  const rank = (f) => {
    const i = SLOWEST.indexOf(path.basename(f, '.test.ts'))
    return i < 0 ? SLOWEST.length : i
  }
  files = all.sort((a, b) => rank(a) - rank(b))
}
const runs = files.map((f) => ({ name: path.basename(f, '.test.ts'), files: [path.resolve(root, f)] }))
process.exit(await runTapInOrder(runs, { prefix: 'e2e', args: ['--disable-coverage', '--timeout=600', `--jobs=${JOBS}`, ...options] }))
