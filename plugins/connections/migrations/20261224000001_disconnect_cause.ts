import type { Knex } from 'knex'

/** Why a session is down (network, logged out, banned, ...) and when it tries again, for the connections page. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.string('disconnect_cause', 30).nullable()
    t.datetime('next_retry_at', { precision: 3 }).nullable()
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.dropColumn('disconnect_cause')
    t.dropColumn('next_retry_at')
  })
}
