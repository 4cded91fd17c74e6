import type { Knex } from 'knex'

/** Quick messages: canned answers agents insert with "/shortcode"; company-wide (geral) or personal. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quick_messages', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    // The owner; a personal message without owner (user deleted) is visible to nobody, a geral one stays.
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    t.string('shortcode', 100).notNullable()
    t.text('message').notNullable()
    t.boolean('geral').notNullable().defaultTo(false)
    t.boolean('status').notNullable().defaultTo(true)
    t.boolean('is_media').notNullable().defaultTo(false)
    // The stored file's server-generated name (served by /api/media/:name) and the name it was uploaded with.
    t.string('media_path', 100).nullable()
    t.string('media_name', 255).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'shortcode'])
    t.index(['company_id', 'user_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('quick_messages')
}
