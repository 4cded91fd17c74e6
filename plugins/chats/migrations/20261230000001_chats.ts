import type { Knex } from 'knex'

/**
 * The internal chat: conversations between users of one company, their members (with each one's unread count) and
 * their messages. Members and senders name users without a foreign key: a deleted user is taken out of the chats by
 * the plugin's `user.deleted` handler, which also tells the remaining members (a cascade would do it silently).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chats', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('uuid', 36).notNullable().unique()
    t.string('title', 255).notNullable()
    t.integer('owner_id').unsigned().notNullable()
    t.text('last_message').nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'updated_at'])
  })
  await knex.schema.createTable('chat_users', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('chat_id').unsigned().notNullable().references('id').inTable('chats').onDelete('CASCADE')
    t.integer('user_id').unsigned().notNullable()
    t.integer('unreads').unsigned().notNullable().defaultTo(0)
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['chat_id', 'user_id'])
    t.index(['company_id', 'user_id'])
  })
  await knex.schema.createTable('chat_messages', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('chat_id').unsigned().notNullable().references('id').inTable('chats').onDelete('CASCADE')
    t.integer('sender_id').unsigned().notNullable()
    t.text('message').notNullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['chat_id', 'id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_messages')
  await knex.schema.dropTableIfExists('chat_users')
  await knex.schema.dropTableIfExists('chats')
}
