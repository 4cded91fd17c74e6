/**
 * `npm run test:hardening [-- files or tap options]`: runs the hardening suite with tap (four files at a time, in the
 * order below or the one given: scripts/tap-order.mjs, since tap itself starts files in name order), then prints the
 * summary table of the figures each test recorded. Exits with tap's code.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { readFigures, summaryTable } from './lib/figures.ts'
import { runTapInOrder } from '../scripts/tap-order.mjs'

/**
 * Four lanes, the longest files first (seconds in CI runs with three lanes: load 122, campaigns 86-145, schedules
 * 70-79, db-restart 65, kill9 41-67 (70-131 before it shortened its sweep's waits), sigterm 15-17, hostile 16-20,
 * isolation 7-11, redis-restart 7-37, auth 5-8). The stage is not CPU-bound throughout: the load test sends a steady
 * 40 requests/s, schedules waits for its sendAt times, the fault tests for restarts. With two lanes it took 269-285 s,
 * with three 168-192, with four 149-168 (campaigns 138-166 s of it). Split into three files, one per fault,
 * the campaign runs overlapped and the stage took 185 s.
 */
const DEFAULT_FILES = ['load', 'campaigns', 'schedules', 'db-restart', 'kill9', 'hostile', 'sigterm', 'redis-restart', 'isolation', 'auth'].map((f) => `hardening/${f}.test.ts`)

const args = process.argv.slice(2)
const files = args.filter((a) => !a.startsWith('-'))
const options = args.filter((a) => a.startsWith('-'))
const figures = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-hardening-')), 'figures.jsonl')
const env = { ...process.env, HARDENING_FIGURES: figures, HARDENING_LOAD_SECONDS: process.env.HARDENING_LOAD_SECONDS ?? '120' }
const runs = (files.length ? files : DEFAULT_FILES).map((f) => ({ name: path.basename(f).replace(/\.test\.ts$/, ''), files: [path.resolve(f)] }))
const started = Date.now()
const code = await runTapInOrder(runs, { prefix: 'hardening', args: ['--disable-coverage', '--timeout=2400', '--jobs=4', ...options], env })
const rows = readFigures(figures)
console.log(`\n=== hardening figures (${rows.length} areas, ${Math.round((Date.now() - started) / 1000)} s) ===`)
console.log(rows.length ? summaryTable(rows) : '(no figures recorded)')
fs.rmSync(path.dirname(figures), { recursive: true, force: true })
process.exit(code)
