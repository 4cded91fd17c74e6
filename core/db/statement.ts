import type { Knex } from 'knex'
import { runSql } from './sql-text.ts'

/** What a statement's named values may be: one binding each (no arrays, no NULL: those change the SQL's shape). */
export type StatementValue = string | number | boolean | Date

type Slot = { name: string } | { constant: unknown }

interface Compiled {
  sql: string
  slots: Slot[]
}

/** Strings no real value holds: a placeholder's binding is recognised by equality, and must never appear inside text. */
const MARK = '\u0000zd-slot:'
/**
 * Integer placeholders (limit, offset and numeric columns: knex's limit takes only integers), far above real ids and
 * a thousand apart: a number computed from one (`offset + 1`) lands between them and is refused, never taken for
 * another value.
 */
const NUMBER_BASE = 4_000_000_000_000_000
const NUMBER_STRIDE = 1000
/** Shapes kept per statement and database; past it a shape is compiled on each run, as knex would. */
const MAX_SHAPES = 500

/**
 * A read compiled by the knex once per database and shape, then run from its text with new values (on MariaDB/MySQL
 * as a prepared statement of the connection: prepared.ts): knex compiles a builder on every run (about a fifth of the
 * CPU of a ticket's messages page: its two queries took 55 us of 296).
 * `build` writes the query from the values it is given and the shape (a plain JSON value: which filters there are,
 * how many ids a list holds), which is also the cache key: the SQL may depend on the shape, never on the values.
 * On a first run the values are placeholders, which must reach the SQL only as bindings (as knex binds where-values,
 * limits and offsets); a value that would change the text (a list, NULL) is refused at run time.
 */
export class Statement<V extends Record<string, StatementValue>, S = null> {
  /**
   * Checked runs (the test suites turn it on): each run is also built with its real values, and must give the SQL
   * and bindings knex would have run; a value the builder took from elsewhere than `values` shows up as a mismatch.
   */
  static verify = false
  private compiled = new WeakMap<object, Map<string, Compiled>>()

  constructor(readonly name: string, private build: (knex: Knex, values: V, shape: S) => Knex.QueryBuilder) {}

  /** The rows, mapped as the knex maps them (camelCase keys). */
  async rows<T = Record<string, unknown>>(knex: Knex | Knex.Transaction, values: V, shape: S = null as S): Promise<T[]> {
    const statement = this.compile(knex, values, shape)
    const bindings = statement.slots.map((slot) => {
      if ('constant' in slot) return slot.constant
      const value = values[slot.name]
      if (value === null || value === undefined || typeof value === 'object' && !(value instanceof Date)) {
        throw new TypeError(`statement ${this.name}: ${slot.name} must be a string, number, boolean or date (got ${value === null ? 'null' : typeof value})`)
      }
      return value
    })
    if (Statement.verify) this.check(knex, values, shape, statement.sql, bindings)
    return runSql<T[]>(knex, { sql: statement.sql, bindings }, { prepared: true })
  }

  private compile(knex: Knex | Knex.Transaction, values: V, shape: S): Compiled {
    // A transaction's client shares its knex's config: one compilation per database, not per connection.
    const config = knex.client.config as object
    let shapes = this.compiled.get(config)
    if (!shapes) this.compiled.set(config, (shapes = new Map()))
    const key = JSON.stringify(shape)
    let compiled = shapes.get(key)
    if (compiled) return compiled
    const names = Object.keys(values)
    const placeholders = Object.fromEntries(names.map((name, i) => [name, typeof values[name] === 'number' ? NUMBER_BASE + i * NUMBER_STRIDE : `${MARK}${name}`])) as unknown as V
    const { sql, bindings } = this.build(knex as Knex, placeholders, shape).toSQL()
    if (sql.includes(MARK)) throw new Error(`statement ${this.name}: a value was written into the SQL text instead of bound`)
    const slots = bindings.map((binding): Slot => {
      if (typeof binding === 'number' && binding >= NUMBER_BASE / 2) {
        const i = (binding - NUMBER_BASE) / NUMBER_STRIDE
        if (Number.isInteger(i) && i >= 0 && i < names.length) return { name: names[i] }
        throw new Error(`statement ${this.name}: a number was computed from a value (${binding}) instead of bound`)
      }
      if (typeof binding === 'string' && binding.includes(MARK)) {
        const name = binding.slice(MARK.length)
        if (binding.startsWith(MARK) && names.includes(name)) return { name }
        throw new Error(`statement ${this.name}: a value was written into a binding's text (${JSON.stringify(binding.replaceAll(MARK, '$'))})`)
      }
      return { constant: binding }
    })
    compiled = { sql, slots }
    if (shapes.size < MAX_SHAPES) shapes.set(key, compiled)
    return compiled
  }

  private check(knex: Knex | Knex.Transaction, values: V, shape: S, sql: string, bindings: unknown[]): void {
    const direct = this.build(knex as Knex, values, shape).toSQL()
    const same = direct.sql === sql && direct.bindings.length === bindings.length &&
      direct.bindings.every((b, i) => b === bindings[i] || (b instanceof Date && bindings[i] instanceof Date && b.getTime() === (bindings[i] as Date).getTime()))
    if (!same) {
      throw new Error(`statement ${this.name} (shape ${JSON.stringify(shape)}): the compiled text runs ${sql} with ${JSON.stringify(bindings)}, knex would run ${direct.sql} with ${JSON.stringify(direct.bindings)}`)
    }
  }
}
