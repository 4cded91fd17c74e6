import type { Knex } from 'knex'

/**
 * File lists (the spec's Files page): a named list with a message and its files ("options"). A campaign attaches a
 * list by id; the list's files are sent after the campaign's message.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('file_lists', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.text('message').notNullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'name'])
  })
  await knex.schema.createTable('file_list_options', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('file_list_id').unsigned().notNullable().references('id').inTable('file_lists').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    // The stored file's server-generated name (GET /api/media/:name), null until its upload; the name it came with.
    t.string('path', 100).nullable()
    t.string('original_name', 255).nullable()
    // The file's mimetype (image/png, application/pdf), as the upload declared it.
    t.string('media_type', 100).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['file_list_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('file_list_options')
  await knex.schema.dropTableIfExists('file_lists')
}
