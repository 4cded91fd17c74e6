/**
 * `npm run test:hardening [-- files or tap options]`: runs the hardening suite with tap (two files at a time, in the
 * order below or the one given: scripts/tap-order.mjs, since tap itself starts files in name order), then prints the
 * summary table of the figures each test recorded. Exits with tap's code.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readFigures, summaryTable } from './lib/figures.ts'
import { writeOrderedRuns } from '../scripts/tap-order.mjs'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
/**
 * Two lanes, the longest files first beside the load test (seconds in a CI run with two lanes: load 122, campaigns 96,
 * schedules 78, kill9 70, db-restart 65, redis-restart 37, hostile 18, sigterm 13, isolation 11, auth 8). Schedules
 * goes first beside the load test: it mostly waits for its sendAt times. A third lane did not shorten the stage:
 * campaigns and kill9 side by side took 193 and 154 s (369 s in all), and beside the browser tests the stage took
 * 613 s instead of ~320.
 */
const DEFAULT_FILES = ['schedules', 'load', 'campaigns', 'kill9', 'db-restart', 'redis-restart', 'hostile', 'sigterm', 'isolation', 'auth'].map((f) => `hardening/${f}.test.ts`)

const args = process.argv.slice(2)
const files = args.filter((a) => !a.startsWith('-'))
const options = args.filter((a) => a.startsWith('-'))
const figures = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-hardening-')), 'figures.jsonl')
const env = { ...process.env, HARDENING_FIGURES: figures, HARDENING_LOAD_SECONDS: process.env.HARDENING_LOAD_SECONDS ?? '120' }
fs.mkdirSync(path.join(ROOT, '.tap-groups'), { recursive: true })
const ordered = fs.mkdtempSync(path.join(ROOT, '.tap-groups', 'hardening-'))
const runs = (files.length ? files : DEFAULT_FILES).map((f) => ({ name: path.basename(f).replace(/\.test\.ts$/, ''), files: [path.resolve(f)] }))
const started = Date.now()
const tap = spawn(path.join(ROOT, 'node_modules/.bin/tap'), ['--disable-coverage', '--timeout=2400', '--jobs=2', ...options, ...writeOrderedRuns(runs, ordered)], { cwd: ROOT, env, stdio: 'inherit' })
tap.on('exit', (code, signal) => {
  const rows = readFigures(figures)
  console.log(`\n=== hardening figures (${rows.length} areas, ${Math.round((Date.now() - started) / 1000)} s) ===`)
  console.log(rows.length ? summaryTable(rows) : '(no figures recorded)')
  fs.rmSync(path.dirname(figures), { recursive: true, force: true })
  fs.rmSync(ordered, { recursive: true, force: true })
  process.exit(code ?? (signal ? 1 : 0))
})
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => tap.kill(sig))
