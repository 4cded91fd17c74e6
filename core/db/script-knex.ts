import knexFactory, { type Knex } from 'knex'
import type { SqlText } from './sql-text.ts'

/** A statement of a script: a knex query, or one written by hand (sql-text.ts). */
export type ScriptStatement = Knex.QueryBuilder | Knex.Raw | SqlText

/**
 * On MariaDB/MySQL, a second small pool for hot write paths: its connections take several statements in one round
 * trip (mysql2's multipleStatements) and run READ COMMITTED from the start (no SET TRANSACTION before each
 * transaction). A batch of writes then waits for the server once instead of once per statement. The app's main
 * pool keeps one statement per query, so a `;` smuggled into a query there stays inert. Same database, same
 * identifier mappers as the main knex.
 */
export function createScriptKnex(main: Knex, maxConnections = 2): Knex {
  const config = main.client.config as Knex.Config
  const connection = config.connection as Knex.MySql2ConnectionConfig & { uri?: string }
  return knexFactory({
    ...config,
    connection: { ...connection, multipleStatements: true } as Knex.MySql2ConnectionConfig,
    pool: {
      min: 0,
      max: maxConnections,
      idleTimeoutMillis: 30_000,
      afterCreate(conn: { query(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) {
        conn.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', (err) => done(err, conn))
      },
    },
  })
}

/** The statements' SQL and bindings as one script, statements separated by `;`. */
function scriptOf(statements: ScriptStatement[]): { sql: string; bindings: Knex.RawBinding[] } {
  const parts = statements.map((s) => ('toSQL' in s ? s.toSQL().toNative() : s))
  return { sql: parts.map((p) => p.sql).join(';\n'), bindings: parts.flatMap((p) => p.bindings as Knex.RawBinding[]) }
}

interface MysqlConnection {
  query(options: { sql: string }, values: unknown[], cb: (err: Error | null, results: unknown) => void): void
}

/**
 * One connection of a script knex, held by one caller, who opens and ends its transaction in its own scripts:
 * `begin([...])` sends BEGIN and the statements in one round trip, `run` more statements, `commit([...])` the
 * statements and COMMIT, `transact([...])` all three at once. Results come one per statement; rows are mapped to
 * camelCase as knex maps them.
 */
export class ScriptSession {
  /** A transaction was begun and neither committed nor rolled back. */
  open = false

  constructor(private knex: Knex, private conn: MysqlConnection) {}

  async begin(statements: ScriptStatement[]): Promise<unknown[]> {
    // Open from here on: a statement of this script that fails leaves the transaction begun.
    this.open = true
    return (await this.send([this.knex.raw('begin'), ...statements])).slice(1)
  }

  run(statements: ScriptStatement[]): Promise<unknown[]> {
    return this.send(statements)
  }

  async commit(statements: ScriptStatement[]): Promise<unknown[]> {
    const results = await this.send([...statements, this.knex.raw('commit')])
    this.open = false
    return results.slice(0, -1)
  }

  /** BEGIN, the statements and COMMIT in one round trip. */
  async transact(statements: ScriptStatement[]): Promise<unknown[]> {
    this.open = true
    const results = await this.send([this.knex.raw('begin'), ...statements, this.knex.raw('commit')])
    this.open = false
    return results.slice(1, -1)
  }

  async rollback(): Promise<void> {
    this.open = false
    await this.send([this.knex.raw('rollback')])
  }

  private send(statements: ScriptStatement[]): Promise<unknown[]> {
    const { sql, bindings } = scriptOf(statements)
    const post = (this.knex.client.config as Knex.Config).postProcessResponse
    // Observers of the knex's 'query' event (debug logs, tests) see scripts as they see its own queries.
    this.knex.emit('query', { sql, bindings, method: 'raw' })
    return new Promise((resolve, reject) => {
      this.conn.query({ sql }, bindings, (err, results) => {
        if (err) return reject(err)
        const list = statements.length === 1 ? [results] : (results as unknown[])
        resolve(list.map((r) => (Array.isArray(r) && post ? post(r, undefined) : r)))
      })
    })
  }
}

/**
 * Runs `work` on a connection of a script knex held for it alone. A transaction the work leaves open (it threw,
 * or forgot to commit) is rolled back before the connection goes back to the pool.
 */
export async function withScriptSession<T>(knex: Knex, work: (session: ScriptSession) => Promise<T>): Promise<T> {
  const client = knex.client as { acquireConnection(): Promise<MysqlConnection>; releaseConnection(conn: MysqlConnection): Promise<void> }
  const conn = await client.acquireConnection()
  const session = new ScriptSession(knex, conn)
  try {
    const result = await work(session)
    if (session.open) throw new Error('a script transaction was left open')
    return result
  } finally {
    if (session.open) await session.rollback().catch(() => undefined)
    await client.releaseConnection(conn)
  }
}
