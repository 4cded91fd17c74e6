import type { Knex } from 'knex'

/**
 * Tags and the ticket <-> tag links. ticket_tags belongs to this plugin so tags work (and count) before the tickets
 * plugin exists; ticket_id is a plain id: the tickets plugin owns tickets and drops a deleted ticket's links
 * through `app.tags.forgetTicket` (a foreign key added later would mean rebuilding the table on SQLite).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tags', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.string('color', 9).notNullable()
    t.boolean('kanban').notNullable().defaultTo(false)
    // Who saved it last; the tag stays when that user is deleted.
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'name'])
    t.index(['company_id', 'kanban'])
  })
  await knex.schema.createTable('ticket_tags', (t) => {
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('ticket_id').unsigned().notNullable()
    t.integer('tag_id').unsigned().notNullable().references('id').inTable('tags').onDelete('CASCADE')
    t.datetime('created_at', { precision: 3 })
    t.primary(['ticket_id', 'tag_id'])
    t.index(['company_id', 'tag_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ticket_tags')
  await knex.schema.dropTableIfExists('tags')
}
