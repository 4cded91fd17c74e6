import type { Knex } from 'knex'

/**
 * One row per sign-in (a device or browser): its tokens carry the row's id, so a user keeps several sessions (phone
 * and desktop) and each ends on its own (sign-out) or with the others (password change, an admin), with the reason
 * the screen it leaves shows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_sessions', (t) => {
    t.increments('id')
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.integer('company_id').unsigned().notNullable()
    t.string('user_agent', 200).nullable()
    t.timestamp('created_at').notNullable()
    /** Last sign-in or token refresh: sessions idle longer than the refresh token lives are pruned. */
    t.timestamp('refreshed_at').notNullable()
    t.timestamp('ended_at').nullable()
    /** logout, password or admin. */
    t.string('end_reason', 20).nullable()
    t.index(['user_id', 'ended_at'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_sessions')
}
