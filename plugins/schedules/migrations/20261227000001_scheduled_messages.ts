import type { Knex } from 'knex'

/**
 * Scheduled messages (the spec's Schedules page): a body (and picture) for a contact, sent at send_at through the
 * contact's ticket. contact_id names the contacts plugin's row without a foreign key (a deletion hook removes a
 * deleted contact's schedules); message_key is the channel message id fixed when the sender claims the row, so a
 * send cut by a crash is found again instead of repeated.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scheduled_messages', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('contact_id').unsigned().notNullable()
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    t.text('body').notNullable()
    t.datetime('send_at', { precision: 3 }).notNullable()
    t.datetime('sent_at', { precision: 3 }).nullable()
    // pending -> sending (claimed) -> sent, or failed (error = the code); see server/sender/claim.ts.
    t.string('status', 20).notNullable().defaultTo('pending')
    t.string('media_path', 100).nullable()
    t.string('media_name', 255).nullable()
    t.string('message_key', 64).nullable()
    t.integer('message_id').unsigned().nullable()
    t.integer('ticket_id').unsigned().nullable()
    t.datetime('claimed_at', { precision: 3 }).nullable()
    t.integer('attempts').notNullable().defaultTo(0)
    t.string('error', 100).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['status', 'send_at'])
    t.index(['company_id', 'send_at'])
    t.index(['company_id', 'contact_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scheduled_messages')
}
