import type { Knex } from 'knex'
import { dialectOf } from '@zapdesk/plugin-api'

/**
 * The queue integration (typebot, n8n, webhook, Dialogflow) that serves a connection's customers before a queue is
 * chosen: a plain id, checked by the integrations plugin when it is installed (no foreign key across plugins).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.integer('integration_id').nullable()
  })
}

/** SQLite's own DROP COLUMN: knex's table copy would cascade to the connection's queues and auth keys (see api_token_hash). */
export async function down(knex: Knex): Promise<void> {
  if (dialectOf(knex) === 'sqlite') await knex.raw('alter table ?? drop column ??', ['whatsapps', 'integration_id'])
  else await knex.schema.alterTable('whatsapps', (t) => t.dropColumn('integration_id'))
}
