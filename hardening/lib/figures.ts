import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The figures each hardening test measures: one row per area, printed by the test (a tap comment) and appended to
 * a JSON-lines file that the runner (hardening/run.ts) turns into the summary table at the end.
 */
export interface FigureRow {
  area: string
  /** Requests, events, inputs or jobs tried. */
  attempts: number
  /** Refused as they should be (401/403/404/4xx, 429, a refused boot); '-' where refusing is not the point. */
  refused?: number
  serverErrors?: number
  lost?: number
  duplicated?: number
  /** Anything else worth a number: timings, memory, crashes. */
  note?: string
}

export const figuresFile = (): string => process.env.HARDENING_FIGURES || path.join(os.tmpdir(), 'zapdesk-hardening-figures.jsonl')

export function recordFigures(t: { comment(...args: unknown[]): void }, row: FigureRow): void {
  t.comment(`FIGURES ${formatRow(row)}`)
  fs.appendFileSync(figuresFile(), `${JSON.stringify({ ...row, at: new Date().toISOString() })}\n`)
}

export function formatRow(r: FigureRow): string {
  const n = (v: number | undefined) => (v === undefined ? '-' : String(v))
  return `${r.area}: attempts ${r.attempts}, refused ${n(r.refused)}, 5xx ${n(r.serverErrors)}, lost ${n(r.lost)}, duplicated ${n(r.duplicated)}${r.note ? `; ${r.note}` : ''}`
}

export function readFigures(file = figuresFile()): FigureRow[] {
  if (!fs.existsSync(file)) return []
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as FigureRow)
}

const ORDER = ['isolation', 'hostile', 'auth', 'faults', 'load']

export function summaryTable(unsorted: FigureRow[]): string {
  const rank = (r: FigureRow) => {
    const i = ORDER.findIndex((p) => r.area.startsWith(p))
    return i < 0 ? ORDER.length : i
  }
  const rows = [...unsorted].sort((a, b) => rank(a) - rank(b))
  const head = ['area', 'attempts', 'refused', '5xx', 'lost', 'duplicated', 'notes']
  const cells = rows.map((r) => [r.area, r.attempts, r.refused, r.serverErrors, r.lost, r.duplicated, r.note ?? ''].map((v) => (v === undefined ? '-' : String(v))))
  const width = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (i === 6 ? 0 : c[i].length))))
  const line = (c: string[]) => c.map((v, i) => (i === 6 ? v : i === 0 ? v.padEnd(width[i]) : v.padStart(width[i]))).join(' | ')
  return [line(head), width.map((w, i) => (i === 6 ? '-----' : '-'.repeat(w))).join('-|-'), ...cells.map(line)].join('\n')
}
