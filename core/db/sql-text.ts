import type { Knex } from 'knex'
import { executeOnPool } from './prepared.ts'

/** A statement as text with `?` placeholders, and its bindings. */
export interface SqlText {
  sql: string
  bindings: unknown[]
}

type Row = Record<string, unknown>

/** A value written as an SQL expression (e.g. a session variable plus an offset) instead of a binding. */
export class SqlExpr {
  constructor(readonly sql: string, readonly bindings: unknown[] = []) {}
}

/**
 * Hand-built statements for a hot path whose statements have a handful of shapes (the inbound group commit): a
 * multi-row INSERT or an OR of composite keys costs knex's query builder several times what SQLite takes to run it.
 * Names are camelCase and written as the knex writes them (its snake_case mapper, its quoting), so the text is what
 * the knex would have built; values stay bindings. The SQL written here is understood by SQLite and MariaDB alike.
 */
export class SqlWriter {
  private names = new Map<string, string>()
  private readonly mysql: boolean

  constructor(private knex: Knex | Knex.Transaction) {
    this.mysql = knex.client.config.client === 'mysql2'
  }

  /** `companyId` -> `` `company_id` ``; `whatsapps.companyId` -> `` `whatsapps`.`company_id` ``. */
  id(name: string): string {
    let quoted = this.names.get(name)
    if (quoted === undefined) {
      const client = this.knex.client as { wrapIdentifier(value: string, context: unknown): string }
      quoted = name.split('.').map((part) => client.wrapIdentifier(part, undefined)).join('.')
      this.names.set(name, quoted)
    }
    return quoted
  }

  /**
   * INSERT of one or more rows that give the same columns (the first row's; a value left undefined is written as
   * NULL, an SqlExpr as its text). `ignoreConflictOn`: rows that would break that unique key are skipped.
   * `returning` (SQLite): the columns to read back from the inserted rows.
   */
  insert(table: string, rows: Row[], options: { ignoreConflictOn?: string[]; returning?: string[] } = {}): SqlText {
    const columns = Object.keys(rows[0])
    const bindings: unknown[] = []
    const tuples: string[] = []
    for (const row of rows) {
      let tuple = ''
      for (const c of columns) {
        const value = row[c]
        if (value instanceof SqlExpr) {
          tuple += tuple ? `, ${value.sql}` : value.sql
          bindings.push(...value.bindings)
        } else {
          tuple += tuple ? ', ?' : '?'
          bindings.push(value ?? null)
        }
      }
      tuples.push(`(${tuple})`)
    }
    const values = tuples.join(', ')
    const head = `insert${options.ignoreConflictOn && this.mysql ? ' ignore' : ''} into ${this.id(table)} (${columns.map((c) => this.id(c)).join(', ')}) values ${values}`
    const conflict = options.ignoreConflictOn && !this.mysql ? ` on conflict (${options.ignoreConflictOn.map((c) => this.id(c)).join(', ')}) do nothing` : ''
    const returning = options.returning ? ` returning ${options.returning.map((c) => this.id(c)).join(', ')}` : ''
    return { sql: head + conflict + returning, bindings }
  }

  /**
   * `((a = ? and b = ?) or (...))`: rows matching any of one or more composite keys (all of the same columns), which
   * every database answers from its index.
   */
  anyOfKeys(keys: Row[]): SqlText {
    const columns = Object.keys(keys[0])
    const tuple = `(${columns.map((c) => `${this.id(c)} = ?`).join(' and ')})`
    const bindings: unknown[] = []
    for (const key of keys) for (const c of columns) bindings.push(key[c])
    return { sql: `(${`${tuple} or `.repeat(keys.length - 1)}${tuple})`, bindings }
  }

  /** `select <columns> from <table> where <condition>` (`*` for every column). */
  select(table: string, columns: string[] | '*', where: SqlText, suffix = ''): SqlText {
    const list = columns === '*' ? '*' : columns.map((c) => this.id(c)).join(', ')
    return { sql: `select ${list} from ${this.id(table)} where ${where.sql}${suffix}`, bindings: where.bindings }
  }
}

const writers = new WeakMap<object, SqlWriter>()

/** The SqlWriter of a knex or of its transactions (they share its config; names are remembered across calls). */
export function sqlWriter(knex: Knex | Knex.Transaction): SqlWriter {
  const config = knex.client.config as object
  let writer = writers.get(config)
  if (!writer) writers.set(config, (writer = new SqlWriter(knex)))
  return writer
}

/**
 * Runs a hand-built statement on the knex (or its transaction). Answers a read's rows (camelCased, as the knex maps
 * them), or a write's outcome as the driver reports it.
 */
export async function runSql<T = unknown>(db: Knex | Knex.Transaction, statement: SqlText, options: { prepared?: boolean } = {}): Promise<T> {
  const config = db.client.config as Knex.Config
  const mysql = config.client === 'mysql2'
  // prepared.ts: a server-side prepared statement on MariaDB/MySQL, on a pooled connection without knex's runner, or
  // in a transaction on its connection through knex; SQLite's connection caches every statement anyway.
  const prepared = options.prepared && mysql
  let result: unknown
  if (prepared && !(db as Knex.Transaction).isTransaction) result = await executeOnPool(db, statement.sql, statement.bindings)
  else {
    const raw = db.raw(statement.sql, statement.bindings as Knex.RawBinding[])
    result = await (prepared ? raw.options({ prepared: true }) : raw)
  }
  if (!mysql) return result as T
  // mysql2 answers [rows or outcome, fields], which the knex's mappers leave as they are: the rows are mapped here.
  const [first] = result as [unknown]
  return (Array.isArray(first) && config.postProcessResponse ? config.postProcessResponse(first, undefined) : first) as T
}
