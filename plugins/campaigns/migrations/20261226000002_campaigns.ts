import type { Knex } from 'knex'

/**
 * Contact lists and their items, campaigns, the company's campaign settings, one shipping row per recipient of a
 * started campaign (the sender's whole state: see the plugin's README) and the pacing of
 * each connection (the intervals hold across instances). Connection, tag and file-list ids are plain ids: those
 * rows belong to other plugins, whose deletion hooks detach them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_lists', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'name'])
  })
  await knex.schema.createTable('contact_list_items', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('contact_list_id').unsigned().notNullable().references('id').inTable('contact_lists').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.string('number', 50).notNullable().defaultTo('')
    t.string('email', 255).notNullable().defaultTo('')
    // null: not checked (no connected connection when it was saved); a campaign skips only false.
    t.boolean('is_whatsapp_valid').nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['contact_list_id', 'number'])
    t.index(['company_id', 'contact_list_id', 'name'])
  })
  await knex.schema.createTable('campaigns', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    for (let i = 1; i <= 5; i++) t.text(`message${i}`).nullable()
    for (let i = 1; i <= 5; i++) t.text(`confirmation_message${i}`).nullable()
    t.string('status', 20).notNullable().defaultTo('INATIVA')
    t.boolean('confirmation').notNullable().defaultTo(false)
    t.datetime('scheduled_at', { precision: 3 }).nullable()
    t.datetime('completed_at', { precision: 3 }).nullable()
    t.integer('whatsapp_id').unsigned().nullable()
    t.integer('contact_list_id').unsigned().nullable().references('id').inTable('contact_lists').onDelete('SET NULL')
    t.integer('tag_list_id').unsigned().nullable()
    t.integer('file_list_id').unsigned().nullable()
    t.string('media_path', 100).nullable()
    t.string('media_name', 255).nullable()
    // Set once every recipient has its shipping row: only then can the campaign finish.
    t.datetime('prepared_at', { precision: 3 }).nullable()
    // Why a running campaign sends nothing now (its connection is down); null while it sends.
    t.string('paused_reason', 60).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'status'])
    t.index(['status', 'scheduled_at'])
  })
  await knex.schema.createTable('campaign_settings', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('key', 40).notNullable()
    t.text('value').notNullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id', 'key'])
  })
  await knex.schema.createTable('campaign_shipping', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('campaign_id').unsigned().notNullable().references('id').inTable('campaigns').onDelete('CASCADE')
    t.integer('whatsapp_id').unsigned().notNullable()
    t.string('number', 50).notNullable()
    t.string('name', 100).notNullable().defaultTo('')
    t.string('email', 255).notNullable().defaultTo('')
    t.text('message').notNullable()
    t.text('confirmation_message').nullable()
    // pending -> sending -> delivered | failed; with confirmation: pending -> sending -> awaiting -> confirmed -> sending -> delivered
    t.string('state', 12).notNullable().defaultTo('pending')
    // The channel message id every part of this recipient's sends derives from, chosen before the first send.
    t.string('external_id', 64).nullable()
    t.smallint('parts_done').notNullable().defaultTo(0)
    t.integer('attempts').notNullable().defaultTo(0)
    t.datetime('claimed_at', { precision: 3 }).nullable()
    t.datetime('confirmation_requested_at', { precision: 3 }).nullable()
    t.datetime('confirmed_at', { precision: 3 }).nullable()
    t.datetime('delivered_at', { precision: 3 }).nullable()
    t.string('error', 60).nullable()
    t.datetime('created_at', { precision: 3 })
    t.unique(['campaign_id', 'number'])
    t.index(['whatsapp_id', 'state', 'id'])
    t.index(['company_id', 'number', 'state'])
  })
  await knex.schema.createTable('campaign_pacing', (t) => {
    t.integer('whatsapp_id').unsigned().primary()
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    // No send on this connection before this time; sent counts sends since the last longer pause.
    t.datetime('next_at', { precision: 3 }).notNullable()
    t.integer('sent').notNullable().defaultTo(0)
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['campaign_pacing', 'campaign_shipping', 'campaign_settings', 'campaigns', 'contact_list_items', 'contact_lists']) await knex.schema.dropTableIfExists(table)
}
