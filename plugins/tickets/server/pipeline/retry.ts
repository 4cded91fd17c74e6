import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { statementTransaction, withScriptSession, type RunStatement, type ScriptSession } from '@zapdesk/plugin-api'

/** How often a store is attempted when the database asks us to try again (deadlock, lock wait, lost insert race). */
const MAX_ATTEMPTS = 6

/** Thrown inside a transaction to roll it back and run it again (e.g. a concurrent insert of the same ticket won). */
export class RetryTransaction extends Error {
  constructor(reason: string) {
    super(`transaction must be retried: ${reason}`)
  }
}

/** Deadlocks and lock waits (MariaDB), a busy database file (SQLite): nothing was written, a rerun can succeed. */
export function isTransient(err: unknown): boolean {
  if (err instanceof RetryTransaction) return true
  const e = err as { errno?: number; code?: string; nativeError?: { errno?: number; code?: string } }
  const code = e?.nativeError?.code ?? e?.code
  const errno = e?.nativeError?.errno ?? e?.errno
  return errno === 1213 || errno === 1205 || code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY'
}

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 15 * attempt))

/** Runs `attemptOnce` again on a transient failure, a bounded number of times (`attempt` counts from 1). */
async function retried<T>(attemptOnce: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptOnce(attempt)
    } catch (err) {
      if (!isTransient(err) || attempt >= MAX_ATTEMPTS) throw err
      await pause(attempt)
    }
  }
}

/**
 * Runs `work` in a transaction, again on a transient failure (see retried). On MariaDB the transaction is READ
 * COMMITTED: a lookup that finds nothing takes no gap lock (which would turn two first messages of one contact into
 * a deadlock), and a lookup after a lost insert race sees the winner's committed row.
 */
export function inTransaction<T>(app: FastifyInstance, work: (trx: Knex.Transaction, attempt: number) => Promise<T>): Promise<T> {
  const config = app.dialect === 'mysql' ? { isolationLevel: 'read committed' as const } : undefined
  return retried((attempt) => app.knex.transaction((trx) => work(trx, attempt), config))
}

/** inTransaction for hand-built statements (statementTransaction: on SQLite straight on its connection). */
export function inStatementTransaction<T>(app: FastifyInstance, work: (run: RunStatement, attempt: number) => Promise<T>): Promise<T> {
  return retried((attempt) => statementTransaction(app.knex, (run) => work(run, attempt), { isolationLevel: 'read committed' }))
}

/**
 * inTransaction on a connection of the app's script knex: `work` begins and commits in its own scripts (see
 * ScriptSession); a transaction it leaves open is rolled back. Its connections are READ COMMITTED.
 */
export function inScriptTransaction<T>(script: Knex, work: (session: ScriptSession, attempt: number) => Promise<T>): Promise<T> {
  return retried((attempt) => withScriptSession(script, (session) => work(session, attempt)))
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR', 'ER_CONNECTION_KILLED', 'ER_SERVER_GONE_ERROR', 'ER_SERVER_LOST',
])

/**
 * The database cannot be reached (restarting, failing over, out of connections): the work did not happen, or
 * happened without us hearing back. Either way waiting and running it again is the cure, when the work is
 * idempotent.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; errno?: number; name?: string; fatal?: boolean; nativeError?: { code?: string; errno?: number; fatal?: boolean } }
  const code = e?.nativeError?.code ?? e?.code
  const errno = e?.nativeError?.errno ?? e?.errno
  // mysql2 flags errors that broke the connection as fatal (e.g. the ROLLBACK after a lost connection).
  const fatal = e?.nativeError?.fatal ?? e?.fatal
  return (code !== undefined && UNREACHABLE_CODES.has(code)) || errno === 1053 || errno === 1040 || errno === 1927 || fatal === true || e?.name === 'KnexTimeoutError'
}

/**
 * Runs idempotent `work` again while the database is unreachable, backing off up to 5 s, for at most `windowMs`.
 * The inbound pipeline needs it: the channel has already acknowledged the message, so a database restart while it
 * is being stored would otherwise lose it for good. Gives up at once when the app is closing (`stopping()`).
 */
export async function whileDatabaseDown<T>(app: FastifyInstance, stopping: () => boolean, work: () => Promise<T>, windowMs = 5 * 60_000): Promise<T> {
  const started = Date.now()
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (err) {
      if (!isDatabaseUnavailable(err) || stopping() || Date.now() - started > windowMs) throw err
      app.log.warn({ err, attempt }, 'database unavailable; trying again')
      await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** (attempt - 1), 5000)))
    }
  }
}
