/**
 * Every benchmark, one process each (memory and cold start need clean processes), then the summary table.
 * Sizes and database come from the same flags and environment as each script (--full, BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, REDIS_URL); bench/results/latest.json and latest.md are rewritten from scratch.
 *   node --import ./scripts/typescript.mjs bench/all.ts [--full] [--only ingest,list]
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { target } from './lib/env.ts'
import { RESULTS_DIR, readResults, table } from './lib/results.ts'

const ALL = ['fanout', 'memory', 'cold-start', 'ingest', 'list', 'campaigns']
const onlyArg = process.argv.find((a, i) => process.argv[i - 1] === '--only' || a.startsWith('--only='))
const only = onlyArg?.replace('--only=', '').split(',')
const forward = process.argv.slice(2).filter((a, i, all) => a !== '--only' && all[i - 1] !== '--only' && !a.startsWith('--only='))
const benches = ALL.filter((b) => !only || only.includes(b))

console.log(`benchmarks: ${benches.join(', ')}; ${target()}\n`)
fs.rmSync(path.join(RESULTS_DIR, 'latest.json'), { force: true })
const failed: string[] = []
const started = Date.now()
for (const name of benches) {
  const t0 = Date.now()
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', './scripts/typescript.mjs', path.join(import.meta.dirname, `${name}.ts`), ...forward], { stdio: 'inherit' })
  if (run.status !== 0) failed.push(name)
  console.log(`-- ${name}: ${run.status === 0 ? 'done' : `FAILED (exit ${run.status})`} in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`)
}
console.log(`all benchmarks in ${((Date.now() - started) / 1000).toFixed(0)} s; bench/results/latest.json and latest.md:\n`)
const results = readResults()
console.log(table(results))
const missed = Object.entries(results).filter(([, f]) => f.pass === false).map(([k, f]) => `${k} (${f.ratio ?? f.value}, target ${f.target})`)
if (missed.length) console.error(`\ntargets missed: ${missed.join('; ')}`)
if (failed.length) console.error(`\nbenchmarks that failed or missed a target: ${failed.join(', ')}`)
if (failed.length || missed.length) process.exit(1)
