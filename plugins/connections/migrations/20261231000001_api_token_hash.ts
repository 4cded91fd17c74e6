import type { Knex } from 'knex'
import { createHash } from 'node:crypto'
import { dialectOf } from '@zapdesk/plugin-api'

/**
 * The messages-API token is a credential: only its SHA-256 is kept (`api_token_hash`), the token itself is shown
 * once when the server generates it. Tokens typed in before keep working: their hashes are stored, then the plain
 * column goes. Down brings the column back empty (a hash cannot be turned back into its token).
 */
/**
 * knex drops a SQLite column by copying the table into a new one, and inside the migration's transaction foreign keys
 * stay on: dropping the old table would cascade to the connection's queues, auth keys and outbox. SQLite's own
 * DROP COLUMN (3.35+) changes the table in place; the column has no index left by then.
 */
async function dropColumn(knex: Knex, column: string): Promise<void> {
  if (dialectOf(knex) === 'sqlite') await knex.raw('alter table ?? drop column ??', ['whatsapps', column])
  else await knex.schema.alterTable('whatsapps', (t) => t.dropColumn(column))
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.string('api_token_hash', 64).nullable().unique()
  })
  const rows: Array<{ id: number; token: string }> = await knex('whatsapps').whereNotNull('token').select('id', 'token')
  for (const row of rows) {
    const token = row.token.trim()
    if (token) await knex('whatsapps').where({ id: row.id }).update({ api_token_hash: createHash('sha256').update(token).digest('hex') })
  }
  await knex.schema.alterTable('whatsapps', (t) => {
    t.dropUnique(['token'])
  })
  await dropColumn(knex, 'token')
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.string('token', 200).nullable().unique()
  })
  await knex.schema.alterTable('whatsapps', (t) => {
    t.dropUnique(['api_token_hash'])
  })
  await dropColumn(knex, 'api_token_hash')
}
