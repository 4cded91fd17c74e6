import type { Knex } from 'knex'

/**
 * Connections (the spec's "whatsapp"), the queues each one offers, the channel auth state (one row per key, so a
 * Signal key update writes one small row, not the whole state) and the sandbox's record of what it "sent".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('whatsapps', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.string('provider', 30).notNullable().defaultTo('beta')
    t.string('status', 20).notNullable().defaultTo('DISCONNECTED')
    t.text('qrcode').nullable()
    t.integer('retries').notNullable().defaultTo(0)
    t.string('number', 40).nullable()
    t.boolean('is_default').notNullable().defaultTo(false)
    t.text('greeting_message').nullable()
    t.text('complation_message').nullable()
    t.text('out_of_hours_message').nullable()
    t.text('rating_message').nullable()
    // The external messages API finds a connection by its token: two equal tokens would make that ambiguous.
    t.string('token', 200).nullable().unique()
    t.integer('expires_ticket').notNullable().defaultTo(0)
    t.text('expires_inactive_message').nullable()
    t.integer('time_use_bot_queues').notNullable().defaultTo(0)
    t.integer('max_use_bot_queues').notNullable().defaultTo(3)
    // Queues and prompts belong to plugins that may not be installed: plain ids, checked by those plugins.
    t.integer('transfer_queue_id').nullable()
    t.integer('prompt_id').nullable()
    t.integer('time_to_transfer').nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'name'])
  })
  await knex.schema.createTable('whatsapp_queues', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('whatsapp_id').unsigned().notNullable().references('id').inTable('whatsapps').onDelete('CASCADE')
    t.integer('queue_id').notNullable()
    t.unique(['whatsapp_id', 'queue_id'])
    t.index(['company_id', 'queue_id'])
  })
  await knex.schema.createTable('whatsapp_auth_keys', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('whatsapp_id').unsigned().notNullable().references('id').inTable('whatsapps').onDelete('CASCADE')
    t.string('type', 40).notNullable()
    t.string('key_id', 190).notNullable()
    // App-state versions can reach hundreds of KB: MySQL's TEXT stops at 64 KB.
    t.text('value', 'longtext').notNullable()
    t.unique(['whatsapp_id', 'type', 'key_id'])
  })
  await knex.schema.createTable('sandbox_outbox', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('whatsapp_id').unsigned().notNullable().references('id').inTable('whatsapps').onDelete('CASCADE')
    t.string('external_id', 64).notNullable()
    t.string('to_jid', 120).notNullable()
    t.text('body').nullable()
    t.string('media_type', 20).nullable()
    t.string('mimetype', 120).nullable()
    t.string('file_name', 255).nullable()
    t.integer('media_size').nullable()
    t.string('quoted_id', 64).nullable()
    t.double('latitude').nullable()
    t.double('longitude').nullable()
    t.integer('ack').notNullable().defaultTo(1)
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['whatsapp_id', 'external_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['sandbox_outbox', 'whatsapp_auth_keys', 'whatsapp_queues', 'whatsapps']) await knex.schema.dropTableIfExists(table)
}
