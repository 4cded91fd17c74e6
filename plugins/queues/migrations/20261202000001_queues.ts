import type { Knex } from 'knex'

/**
 * Queues, their chatbot options (a tree per queue) and the users linked to each queue.
 * integration_id and prompt_id are plain ids: the integrations and prompts plugins come later and check them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('queues', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    // Stored lowercased, so uniqueness means the same on SQLite (case-sensitive) and MariaDB (case-insensitive).
    t.string('color', 9).notNullable()
    t.integer('order_queue').nullable()
    t.text('greeting_message').nullable()
    t.text('out_of_hours_message').nullable()
    t.integer('integration_id').nullable()
    t.integer('prompt_id').nullable()
    t.text('schedules').nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id', 'color'])
    t.index(['company_id', 'name'])
  })
  await knex.schema.createTable('queue_options', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('queue_id').unsigned().notNullable().references('id').inTable('queues').onDelete('CASCADE')
    // A subtree goes with its parent; the depth is capped in code, below MariaDB's 15 nested cascades.
    t.integer('parent_id').unsigned().nullable().references('id').inTable('queue_options').onDelete('CASCADE')
    t.string('title', 100).notNullable()
    t.text('message').nullable()
    t.integer('option').notNullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['queue_id', 'parent_id', 'option'])
    t.index(['company_id'])
  })
  await knex.schema.createTable('user_queues', (t) => {
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE')
    t.integer('queue_id').unsigned().notNullable().references('id').inTable('queues').onDelete('CASCADE')
    t.primary(['user_id', 'queue_id'])
    t.index(['company_id', 'queue_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['user_queues', 'queue_options', 'queues']) await knex.schema.dropTableIfExists(table)
}
