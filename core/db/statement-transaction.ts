import type { Knex } from 'knex'
import { runSql, type SqlText } from './sql-text.ts'

/** Runs one hand-built statement of a transaction: a read's rows (camelCased), or a write's outcome. */
export type RunStatement = <T = unknown>(statement: SqlText) => Promise<T>

interface SqliteStatement {
  reader: boolean
  all(bindings: unknown[]): unknown[]
  run(bindings: unknown[]): unknown
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement
  readonly inTransaction: boolean
}
interface PooledClient {
  acquireConnection(): Promise<SqliteConnection>
  releaseConnection(conn: SqliteConnection): Promise<void>
}

/** Values as the knex's better-sqlite3 client binds them (dates as epoch ms, booleans as 0/1). */
const bindable = (value: unknown): unknown => (value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value)

/**
 * A transaction of hand-built statements. On SQLite they run on the knex's one connection directly (better-sqlite3
 * runs each synchronously; its statements are prepared once, see knex.ts): no query builder, runner or transaction
 * object per statement, which on the hot path cost more than SQLite's own work. The connection is the work's alone
 * until the transaction ends (knex queries meanwhile wait for it, as they wait for a knex transaction). Elsewhere a
 * knex transaction (MariaDB/MySQL: with `isolationLevel`). Rolled back when the work throws.
 */
export async function statementTransaction<T>(knex: Knex, work: (run: RunStatement) => Promise<T>, options: { isolationLevel?: 'read committed' } = {}): Promise<T> {
  if (knex.client.config.client === 'mysql2') {
    return knex.transaction((trx) => work((statement) => runSql(trx, statement)), options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined)
  }
  const client = knex.client as unknown as PooledClient
  const post = (knex.client.config as Knex.Config).postProcessResponse
  const conn = await client.acquireConnection()
  // Observers of the knex's 'query' event (debug logs, tests, bench/ingest-queries) see these as they see its own.
  const observed = (sql: string, bindings: unknown[]) => knex.emit('query', { sql, bindings, method: 'raw' })
  const exec = (sql: string) => {
    observed(sql, [])
    conn.prepare(sql).run([])
  }
  const run: RunStatement = async <T>(statement: SqlText) => {
    observed(statement.sql, statement.bindings)
    const prepared = conn.prepare(statement.sql)
    const bindings = statement.bindings.map(bindable)
    if (!prepared.reader) return prepared.run(bindings) as T
    const rows = prepared.all(bindings)
    return (post ? post(rows, undefined) : rows) as T
  }
  try {
    exec('begin')
    const result = await work(run)
    exec('commit')
    return result
  } finally {
    try {
      // The work or the commit failed (some errors end the transaction themselves).
      if (conn.inTransaction) exec('rollback')
    } finally {
      await client.releaseConnection(conn)
    }
  }
}
