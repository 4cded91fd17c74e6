import type { Knex } from 'knex'

/**
 * The few SQL expressions the activity read model needs that the two databases spell differently. DATETIME columns hold
 * DATETIME(3) values on MariaDB and, on SQLite, epoch milliseconds: knex binds a Date as its valueOf(), the models turn
 * ISO strings into Dates, and raw writers pass Dates (tickets README). The arithmetic below also reads a row written
 * as ISO text by hand (through julianday()). Column names passed here are this plugin's own constants (snake_case, as
 * in the database), never user input.
 */
export type Dialect = 'sqlite' | 'mysql'

/** Epoch milliseconds of a datetime column. */
export function epochMs(dialect: Dialect, column: string): string {
  if (dialect === 'mysql') return `(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', ${column}) DIV 1000)`
  return `(CASE WHEN typeof(${column}) = 'text' THEN CAST(ROUND((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER) ELSE ${column} END)`
}

/** Minutes from one datetime column to another (fractional). */
export function minutesBetween(dialect: Dialect, from: string, to: string): string {
  if (dialect === 'mysql') return `(TIMESTAMPDIFF(MICROSECOND, ${from}, ${to}) / 60000000)`
  return `((${epochMs(dialect, to)} - ${epochMs(dialect, from)}) / 60000.0)`
}

/** The number of the `slotMs`-long UTC slot a datetime falls in (slot * slotMs = its start in epoch ms). */
export function slotOf(dialect: Dialect, column: string, slotMs: number): string {
  if (dialect === 'mysql') return `FLOOR(TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', ${column}) / ${Math.round(slotMs / 1000)})`
  return `CAST(${epochMs(dialect, column)} / ${Math.round(slotMs)} AS INTEGER)`
}

export interface Range {
  /** Inclusive; null = no lower bound. */
  from: Date | null
  /** Exclusive; null = no upper bound. */
  to: Date | null
}

/**
 * Bounds a query on a datetime column with Date bindings, which both drivers turn into the column's own form, so the
 * (company_id, column) indexes serve the range.
 */
export function inRange<Q extends Knex.QueryBuilder>(q: Q, column: string, range: Range): Q {
  if (range.from) q.where(column, '>=', range.from)
  if (range.to) q.where(column, '<', range.to)
  return q
}

/** Aggregates come back as numbers, numeric strings (MariaDB DECIMAL, big counts) or null. */
export function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0)
  return Number.isFinite(n) ? n : 0
}
