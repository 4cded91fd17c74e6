import fs from 'node:fs'
import path from 'node:path'
import { db, type Db } from './env.ts'

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../results')
const JSON_FILE = path.join(RESULTS_DIR, 'latest.json')
const MD_FILE = path.join(RESULTS_DIR, 'latest.md')

/** One figure of bench/results/latest.json. `pass` is null only for figures without a target (sizes). */
export interface Figure {
  value: number
  unit: string
  baseline: number | null
  /** What the baseline is (the machine's limit it is compared with). */
  baselineOf: string
  /** value / baseline: for rates the share of the limit reached, for times and sizes how many times the limit. */
  ratio: number | null
  target: string
  pass: boolean | null
  db: Db
  /** When it was measured and at which sizes. */
  at: string
  size?: string
}

export interface FigureInput {
  value: number
  unit: string
  baseline: number | null
  baselineOf: string
  /** e.g. { max: 250 } or { min: 0.5, of: 'ratio' }; absent only for figures that describe sizes. */
  target?: { max?: number; min?: number; of?: 'value' | 'ratio'; text?: string }
  size?: string
}

const round = (v: number | null) => (v === null || !Number.isFinite(v) ? v : Number(v.toPrecision(4)))

export function readResults(): Record<string, Figure> {
  try {
    return JSON.parse(fs.readFileSync(JSON_FILE, 'utf8'))
  } catch {
    return {}
  }
}

/** Records figures (merged into latest.json, replacing the same keys), rewrites latest.md and prints them. */
export function record(figures: Record<string, FigureInput>): Record<string, Figure> {
  const all = readResults()
  const out: Record<string, Figure> = {}
  for (const [key, f] of Object.entries(figures)) {
    const ratio = f.baseline ? f.value / f.baseline : null
    let pass: boolean | null = null
    let targetText = 'none (informational)'
    if (f.target) {
      const subject = f.target.of === 'ratio' ? ratio ?? NaN : f.value
      pass = (f.target.max === undefined || subject <= f.target.max) && (f.target.min === undefined || subject >= f.target.min)
      targetText = f.target.text ?? [f.target.min !== undefined ? `>= ${f.target.min}` : '', f.target.max !== undefined ? `<= ${f.target.max}` : ''].filter(Boolean).join(' and ') + (f.target.of === 'ratio' ? ' x baseline' : ` ${f.unit}`)
    }
    out[key] = {
      value: round(f.value)!, unit: f.unit, baseline: round(f.baseline), baselineOf: f.baselineOf, ratio: round(ratio), target: targetText, pass,
      db, at: new Date().toISOString(), ...(f.size ? { size: f.size } : {}),
    }
    all[key] = out[key]
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  fs.writeFileSync(JSON_FILE, `${JSON.stringify(sorted(all), null, 2)}\n`)
  fs.writeFileSync(MD_FILE, markdown(sorted(all)))
  console.log(table(out))
  const missed = Object.keys(out).filter((k) => out[k].pass === false)
  if (missed.length) {
    console.error(`target missed: ${missed.map((k) => `${k} (${out[k].ratio ?? out[k].value}, target ${out[k].target})`).join('; ')}`)
    process.exitCode = 1
  }
  return out
}

const ORDER = ['ingest', 'list', 'search', 'messages', 'fanout', 'memory', 'coldStart']
function sorted(all: Record<string, Figure>): Record<string, Figure> {
  const rank = (k: string) => {
    const i = ORDER.indexOf(k.split('.')[0])
    return i < 0 ? ORDER.length : i
  }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)))
}

const num = (v: number | null) => (v === null ? '-' : Number.isInteger(v) ? String(v) : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2))
const verdict = (p: boolean | null) => (p === null ? '-' : p ? 'pass' : '**FAIL**')

export function table(figures: Record<string, Figure>): string {
  const rows = Object.entries(figures).map(([k, f]) => `| ${k} | ${num(f.value)} ${f.unit} | ${num(f.baseline)} ${f.baseline === null ? '' : f.unit} (${f.baselineOf}) | ${num(f.ratio)} | ${f.target} | ${verdict(f.pass)} | ${f.db} |`)
  return ['| figure | value | baseline (what) | ratio | target | result | db |', '| --- | --- | --- | --- | --- | --- | --- |', ...rows].join('\n')
}

function markdown(all: Record<string, Figure>): string {
  const sizes = [...new Set(Object.values(all).map((f) => f.size).filter(Boolean))]
  return [
    '# Benchmark results (latest run)',
    '',
    'Written by `npm run bench` (or one `npm run bench:<name>`); every figure is compared with a baseline measured in the',
    'same run on the same machine. Ratio = value / baseline.',
    '',
    table(all),
    '',
    sizes.length ? `Sizes: ${sizes.join('; ')}.` : '',
    '',
  ].join('\n')
}
