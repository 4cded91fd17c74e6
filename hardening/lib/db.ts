import path from 'node:path'
import type { Knex } from 'knex'
import { createKnex } from '../../core/db/knex.ts'
import type { ServerProcess } from './server.ts'

/** A second connection to a spawned server's database (its DATABASE_URL, else its SQLite file), camelCase like the app's. */
export function serverDb(server: Pick<ServerProcess, 'env' | 'dataDir'>, t: { teardown(fn: () => unknown): void }): Knex {
  const url = server.env.DATABASE_URL
  const knex = createKnex(url ? { url } : { sqliteFile: path.join(server.dataDir, 'zapdesk.sqlite') })
  t.teardown(() => knex.destroy())
  return knex
}
