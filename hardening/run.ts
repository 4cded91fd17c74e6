/**
 * `npm run test:hardening [-- files or tap options]`: runs the hardening suite with tap (two files at a time, the
 * longest first), then prints the summary table of the figures each test recorded. Exits with tap's code.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readFigures, summaryTable } from './lib/figures.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
/**
 * Two lanes (seconds in a CI run with two lanes: load 123, campaigns 114, kill9 72, db-restart 66, hostile 22,
 * sigterm 13, isolation 11, auth 8, redis-restart 7; schedules 64 alone, 162 before its sweep waits were shortened).
 * A third lane did not shorten the stage: campaigns and kill9 side by side took 193 and 154 s (369 s in all), and
 * beside the browser tests the stage took 613 s instead of ~320. Schedules goes first beside the load test: it mostly
 * waits for its sendAt times.
 */
const DEFAULT_FILES = ['schedules', 'load', 'campaigns', 'kill9', 'db-restart', 'hostile', 'sigterm', 'isolation', 'auth', 'redis-restart'].map((f) => `hardening/${f}.test.ts`)

const args = process.argv.slice(2)
const files = args.filter((a) => !a.startsWith('-'))
const options = args.filter((a) => a.startsWith('-'))
const figures = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-hardening-')), 'figures.jsonl')
const env = { ...process.env, HARDENING_FIGURES: figures, HARDENING_LOAD_SECONDS: process.env.HARDENING_LOAD_SECONDS ?? '120' }
const started = Date.now()
const tap = spawn(path.join(ROOT, 'node_modules/.bin/tap'), ['--disable-coverage', '--timeout=2400', '--jobs=2', ...options, ...(files.length ? files : DEFAULT_FILES)], { cwd: ROOT, env, stdio: 'inherit' })
tap.on('exit', (code, signal) => {
  const rows = readFigures(figures)
  console.log(`\n=== hardening figures (${rows.length} areas, ${Math.round((Date.now() - started) / 1000)} s) ===`)
  console.log(rows.length ? summaryTable(rows) : '(no figures recorded)')
  fs.rmSync(path.dirname(figures), { recursive: true, force: true })
  process.exit(code ?? (signal ? 1 : 0))
})
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => tap.kill(sig))
