import type { Knex } from 'knex'

/** The spec's trialExpiration: the last day of a signup's free trial (yyyy-mm-dd), null for companies without one. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.string('trial_expiration', 10).nullable()
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('trial_expiration')
  })
}
