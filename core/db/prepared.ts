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

function execute(connection: Mysql2Connection, obj: QueryObject): Promise<QueryObject> {
  return new Promise((resolve, reject) => {
    connection.execute({ sql: obj.sql }, obj.bindings ?? [], (err, rows, fields) => {
      if (err) return reject(err)
      obj.response = [rows, fields]
      resolve(obj)
    })
  })
}
