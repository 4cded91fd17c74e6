import type { Knex } from 'knex'

/** The knex's query object as its mysql2 dialect runs it (lib/dialects/mysql). */
interface QueryObject {
  sql: string
  bindings?: unknown[]
  options?: { prepared?: boolean }
  response?: unknown
}
interface Mysql2Connection {
  execute(options: { sql: string }, values: unknown[], cb: (err: Error | null, rows: unknown, fields: unknown) => void): void
}
interface Mysql2Client {
  _query(connection: unknown, obj: QueryObject): Promise<unknown>
}

/**
 * How many prepared statements each pooled connection keeps, the least recently used closed first: a few dozen shapes
 * are in use, and the server's limit (max_prepared_stmt_count, 16,382 by default) is shared by every instance's pool.
 */
export const PREPARED_PER_CONNECTION = 64

/**
 * Queries the knex is asked to run prepared (`knex.raw(sql, bindings).options({ prepared: true })`, as the compiled
 * statements of statement.ts do) run on MariaDB/MySQL as server-side prepared statements through mysql2's execute,
 * kept per connection: the server parses their text once per connection instead of on every run, and the rows come in
 * the binary protocol (measured on a page of tickets, one at a time: about a tenth less of the database's CPU and 5%
 * less of the driver's). Anything else keeps the text protocol. Through the knex's own runner: the connection (a
 * transaction's, or the pool's), the `query` events and the error handling stay the knex's.
 */
export function runPreparedWhenAsked(knex: Knex): void {
  // A subclass of the knex's own client class, made its class: a transaction's client is created from the class's
  // prototype (knex's makeTxClient), so it runs prepared statements too.
  const Base = knex.client.constructor as new (...args: never[]) => Mysql2Client
  class PreparedClient extends Base {
    _query(connection: unknown, obj: QueryObject): Promise<unknown> {
      return obj?.options?.prepared ? execute(connection as Mysql2Connection, obj) : super._query(connection, obj)
    }
  }
  Object.setPrototypeOf(knex.client, PreparedClient.prototype)
}

/** A pooled connection as knex's client hands it out (its ids are what the 'query' events carry). */
type PooledConnection = Mysql2Connection & { __knexUid?: string; __knexTxId?: string }
interface PoolClient {
  acquireConnection(): Promise<PooledConnection>
  releaseConnection(connection: PooledConnection): Promise<unknown>
  emit(event: string, ...args: unknown[]): boolean
}

/**
 * A prepared statement outside a transaction (the compiled reads of statement.ts) on a connection of the knex's pool,
 * without knex's query runner (a Raw built, its text scanned for bindings, the runner's promises and copies of the
 * query object): measured in one process, 64 instead of 77 us of CPU for a short statement, 391 instead of 422 us for
 * a page of 41 rows of 72 columns. The knex's events are emitted as its runner emits them ('query', then
 * 'query-response' or 'query-error', with the connection's id): the table-write watch (table-writes.ts) and the
 * query counters see every statement. Answers mysql2's [rows, fields].
 */
export async function executeOnPool(knex: Knex, sql: string, bindings: unknown[]): Promise<unknown> {
  const client = knex.client as unknown as PoolClient
  const connection = await client.acquireConnection()
  const query = { __knexUid: connection.__knexUid, __knexTxId: connection.__knexTxId, method: 'raw', sql, bindings, options: { prepared: true } }
  try {
    client.emit('query', query)
    let response: unknown
    try {
      response = (await execute(connection, { sql, bindings })).response
    } catch (err) {
      // As knex words a failed query (its compileSqlOnError: false form: the values stay out of logs).
      if (err instanceof Error) err.message = `${sql} - ${err.message}`
      client.emit('query-error', err, query)
      throw err
    }
    client.emit('query-response', response, query, undefined)
    return response
  } finally {
    await client.releaseConnection(connection)
  }
}

function execute(connection: Mysql2Connection, obj: QueryObject): Promise<QueryObject> {
  return new Promise((resolve, reject) => {
    connection.execute({ sql: obj.sql }, obj.bindings ?? [], (err, rows, fields) => {
      if (err) return reject(err)
      obj.response = [rows, fields]
      resolve(obj)
    })
  })
}
