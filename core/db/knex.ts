import knexFactory, { type Knex } from 'knex'
import { knexSnakeCaseMappers } from 'objection'
import fs from 'node:fs'
import path from 'node:path'
import { PREPARED_PER_CONNECTION, runPreparedWhenAsked } from './prepared.ts'
import { fastRowMapper } from './row-mapper.ts'

export type Dialect = 'sqlite' | 'mysql'

export interface DatabaseTarget {
  /** mysql://user:pass@host:port/db; absent means the SQLite file at `sqliteFile`. */
  url?: string
  sqliteFile?: string
}

/**
 * Creates the one knex instance of an app. Column names are snake_case in the database and camelCase in code;
 * the mappers translate both ways so models, routes and raw builders all speak camelCase.
 */
export function createKnex(target: DatabaseTarget): Knex {
  const snake = knexSnakeCaseMappers()
  const mappers = { wrapIdentifier: snake.wrapIdentifier, postProcessResponse: fastRowMapper(snake.postProcessResponse) }
  if (target.url) {
    const knex = knexFactory({
      client: 'mysql2',
      // Only the compiled statements run prepared (prepared.ts): mysql2's per-connection cache of them, 16,000 entries
      // by default, allocates its arrays up front (512 KB per pooled connection).
      connection: { uri: target.url, timezone: 'Z', dateStrings: false, supportBigNumbers: true, charset: 'utf8mb4', maxPreparedStatements: PREPARED_PER_CONNECTION } as Knex.MySql2ConnectionConfig,
      pool: { min: 0, max: 10 },
      ...mappers,
    })
    runPreparedWhenAsked(knex)
    return knex
  }
  const file = target.sqliteFile ?? ':memory:'
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        cacheStatements(conn)
        conn.pragma('foreign_keys = ON')
        if (file !== ':memory:') {
          conn.pragma('journal_mode = WAL')
          // With WAL, NORMAL syncs the log at checkpoints instead of on every commit (the default, FULL, costs an
          // fsync per transaction: more than the rest of most transactions here). A commit survives the process
          // crashing; an OS crash or power loss may roll back the last commits, and never corrupts the file.
          conn.pragma('synchronous = NORMAL')
        }
        conn.pragma('busy_timeout = 5000')
        done(null, conn)
      },
    },
    ...mappers,
  })
}

interface SqliteStatement {
  safeIntegers(on?: boolean): unknown
}
interface SqliteConnection {
  pragma(sql: string): unknown
  prepare(sql: string): SqliteStatement
}

const STATEMENT_CACHE = 2000

/**
 * knex prepares every query anew, and on SQLite preparing costs about as much as running it. The connection keeps
 * its prepared statements by SQL text instead (knex runs each synchronously to completion, so one statement is
 * never in use twice at once); the cache is dropped whole when full.
 */
function cacheStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn)
  const cache = new Map<string, SqliteStatement>()
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql)
    if (statement) {
      // knex sets this per query only when asked: a cached statement must start from the default again.
      statement.safeIntegers(false)
      return statement
    }
    statement = prepare(sql)
    // Batched statements (the inbound group commit's, up to 64 rows) recur; bulk imports of hundreds of rows run
    // once: not worth the memory.
    if (sql.length > 64_000) return statement
    if (cache.size >= STATEMENT_CACHE) cache.clear()
    cache.set(sql, statement)
    return statement
  }
}

export function dialectOf(knex: Knex): Dialect {
  return knex.client.config.client === 'mysql2' ? 'mysql' : 'sqlite'
}

/**
 * Whether the table has an index of that name, on either database: for migrations that add an index an older
 * install may already have (knex's schema builder has no "if not exists" for indexes).
 */
export async function indexExists(knex: Knex, table: string, index: string): Promise<boolean> {
  if (dialectOf(knex) === 'sqlite') return (await knex('sqlite_master').where({ type: 'index', tbl_name: table, name: index }).first('name')) !== undefined
  const [rows] = await knex.raw('SHOW INDEX FROM ?? WHERE Key_name = ?', [table, index])
  return (rows as unknown[]).length > 0
}

/** True when the error is a unique-key violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = driverCode(err)
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** The driver's error code; objection wraps driver errors and keeps the original as `nativeError`. */
function driverCode(err: unknown): string | undefined {
  const e = err as { code?: string; nativeError?: { code?: string } }
  return e?.nativeError?.code ?? e?.code
}

/** True when the error is a foreign-key violation on either database. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = driverCode(err)
  return code === 'ER_ROW_IS_REFERENCED_2' || code === 'ER_NO_REFERENCED_ROW_2' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === 'SQLITE_CONSTRAINT_TRIGGER'
}
