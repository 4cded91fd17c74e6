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
/** Integer placeholders (limit, offset and numeric columns: knex's limit takes only integers), far above real ids. */
const NUMBER_BASE = 9_007_199_254_000_000

/**
 * A read of one fixed shape, compiled by the knex once per database and then run from its text with new values:
 * knex compiles a builder on every run (about a fifth of the CPU of a ticket's messages page, its two queries
 * taking 55 us of 296). `build` writes the query with the values it is given; on the first run they are
 * placeholders, which must reach the SQL only as bindings (as knex binds where-values, limits and offsets). The
 * shape must not depend on the values: a value that would change it (a list, NULL) is refused at run time.
 */
export class Statement<V extends Record<string, StatementValue>> {
  private compiled = new WeakMap<object, Compiled>()

  constructor(readonly name: string, private build: (knex: Knex, values: V) => Knex.QueryBuilder) {}

  /** The rows, mapped as the knex maps them (camelCase keys). */
  async rows<T = Record<string, unknown>>(knex: Knex | Knex.Transaction, values: V): Promise<T[]> {
    const statement = this.compile(knex, values)
    const bindings = statement.slots.map((slot) => {
      if ('constant' in slot) return slot.constant
      const value = values[slot.name]
      if (value === null || value === undefined || typeof value === 'object' && !(value instanceof Date)) {
        throw new TypeError(`statement ${this.name}: ${slot.name} must be a string, number, boolean or date (got ${value === null ? 'null' : typeof value})`)
      }
      return value
    })
    return runSql<T[]>(knex, { sql: statement.sql, bindings })
  }

  private compile(knex: Knex | Knex.Transaction, values: V): Compiled {
    // A transaction's client shares its knex's config: one compilation per database, not per connection.
    const key = knex.client.config as object
    let compiled = this.compiled.get(key)
    if (compiled) return compiled
    const names = Object.keys(values)
    const placeholders = Object.fromEntries(names.map((name, i) => [name, typeof values[name] === 'number' ? NUMBER_BASE + i : `${MARK}${name}`])) as unknown as V
    const { sql, bindings } = this.build(knex as Knex, placeholders).toSQL()
    if (sql.includes(MARK)) throw new Error(`statement ${this.name}: a value was written into the SQL text instead of bound`)
    const slots = bindings.map((binding): Slot => {
      if (typeof binding === 'number' && binding >= NUMBER_BASE && binding < NUMBER_BASE + names.length) return { name: names[binding - NUMBER_BASE] }
      if (typeof binding === 'string' && binding.includes(MARK)) {
        const name = binding.slice(MARK.length)
        if (binding.startsWith(MARK) && names.includes(name)) return { name }
        throw new Error(`statement ${this.name}: a value was written into a binding's text (${JSON.stringify(binding.replaceAll(MARK, '$'))})`)
      }
      return { constant: binding }
    })
    compiled = { sql, slots }
    this.compiled.set(key, compiled)
    return compiled
  }
}
