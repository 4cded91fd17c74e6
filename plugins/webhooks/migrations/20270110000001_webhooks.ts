import type { Knex } from 'knex'

/**
 * Outbound webhooks: a company's endpoints (address, sealed signing secret, the events it wants) and the outbox of
 * their deliveries. The outbox is the truth the worker reads: a row is written when the event happens and settled
 * ('delivered' or 'failed') by the worker, so a restart loses nothing. Deliveries go with their endpoint (cascade:
 * both tables are this plugin's).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.string('url', 500).notNullable()
    // Sealed (sealSecret), never answered by the API.
    t.text('secret').notNullable()
    // JSON array of webhook event names (catalogue.ts).
    t.text('events').notNullable()
    t.boolean('enabled').notNullable().defaultTo(true)
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'name'])
  })
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('endpoint_id').unsigned().notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE')
    // The id receivers drop duplicates by: the same on every attempt and resend.
    t.string('uuid', 36).notNullable()
    t.string('event', 40).notNullable()
    // Deliveries with the same key go one after the other ('t:<ticketId>'); null: no order to keep.
    t.string('order_key', 40).nullable()
    // The JSON body, fixed when the event happened.
    t.text('body', 'mediumtext').notNullable()
    t.string('status', 12).notNullable()
    t.integer('attempts').notNullable().defaultTo(0)
    t.datetime('next_at', { precision: 3 }).notNullable()
    t.datetime('claimed_at', { precision: 3 }).nullable()
    t.datetime('expires_at', { precision: 3 }).notNullable()
    t.datetime('delivered_at', { precision: 3 }).nullable()
    t.integer('http_status').nullable()
    t.integer('duration_ms').nullable()
    t.string('error', 300).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['status', 'next_at'], 'webhook_deliveries_due_index')
    t.index(['endpoint_id', 'order_key', 'status'], 'webhook_deliveries_order_index')
    t.index(['company_id', 'endpoint_id', 'id'], 'webhook_deliveries_log_index')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_deliveries')
  await knex.schema.dropTableIfExists('webhook_endpoints')
}
