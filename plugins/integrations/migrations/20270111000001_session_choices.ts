import type { Knex } from 'knex'
import { dialectOf } from '@zapdesk/plugin-api'

/**
 * The options of the typebot choice input last offered on a ticket (a JSON array of their texts, numbered from 1 as
 * the customer saw them): a customer's "2" goes to typebot as the second option's text, which typebot matches.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('integration_sessions', (t) => {
    t.text('choices').nullable()
  })
}

/** SQLite's own DROP COLUMN, as the connections plugin does: no table copy. */
export async function down(knex: Knex): Promise<void> {
  if (dialectOf(knex) === 'sqlite') await knex.raw('alter table ?? drop column ??', ['integration_sessions', 'choices'])
  else await knex.schema.alterTable('integration_sessions', (t) => t.dropColumn('choices'))
}
