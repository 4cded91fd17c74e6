import type { Knex } from 'knex'

/** The board's posts. Every tenant-owned table carries company_id and goes away with its company. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('hello_board_posts', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    t.string('author', 100).notNullable()
    t.string('text', 280).notNullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('hello_board_posts')
}
