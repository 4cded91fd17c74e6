import type { Knex } from 'knex'

/**
 * Tickets, their messages, notes, service cycles (for the dashboard) and ratings, plus the word index that search
 * uses instead of LIKE '%term%' over every message.
 *
 * The database enforces what races could break:
 * - one pending/open ticket per contact and connection: `active` is 1 while the ticket is pending or open and NULL
 *   once closed, and NULLs never collide in a unique index (SQLite and MariaDB alike);
 * - one message per (company, connection, external id): a redelivered or concurrent duplicate cannot insert twice.
 * Contact, connection and queue ids name other plugins' rows: no foreign key points at their tables (each plugin owns
 * its own); their deletes reach these rows through deletion hooks (server/tickets/deletion-hooks.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tickets', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('uuid', 36).notNullable().unique()
    t.string('status', 10).notNullable().defaultTo('pending')
    t.tinyint('active').nullable()
    t.integer('contact_id').unsigned().notNullable()
    t.integer('whatsapp_id').unsigned().nullable()
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    t.integer('queue_id').unsigned().nullable()
    t.text('last_message').nullable()
    t.datetime('last_message_at', { precision: 3 }).nullable()
    t.integer('unread_messages').notNullable().defaultTo(0)
    t.boolean('is_group').notNullable().defaultTo(false)
    // The bot (greeting / queue menu) is talking to the contact.
    t.boolean('chatbot').notNullable().defaultTo(false)
    t.integer('queue_option_id').unsigned().nullable()
    t.integer('amount_used_bot_queues').notNullable().defaultTo(0)
    t.datetime('bot_started_at', { precision: 3 }).nullable()
    // A rating (1-3) was asked for on close; the contact's next message answers it.
    t.boolean('awaiting_rating').notNullable().defaultTo(false)
    // When the connection's timeToTransfer moves this pending ticket to transferQueueId (swept from the database).
    t.datetime('transfer_at', { precision: 3 }).nullable()
    // When the out-of-hours message last went out on this ticket: it is repeated at most once per window.
    t.datetime('out_of_hours_at', { precision: 3 }).nullable()
    t.boolean('use_integration').notNullable().defaultTo(false)
    t.integer('integration_id').unsigned().nullable()
    t.integer('prompt_id').unsigned().nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id', 'contact_id', 'whatsapp_id', 'active'])
    t.index(['company_id', 'status', 'updated_at'])
    t.index(['company_id', 'queue_id', 'status'])
    t.index(['company_id', 'user_id', 'status'])
    t.index(['company_id', 'updated_at'])
    t.index(['status', 'transfer_at'])
    t.index(['status', 'last_message_at'])
  })
  await knex.schema.createTable('messages', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('ticket_id').unsigned().notNullable().references('id').inTable('tickets').onDelete('CASCADE')
    t.integer('contact_id').unsigned().nullable()
    t.integer('whatsapp_id').unsigned().nullable()
    // The channel's message id; NULL until an outbound message has been sent.
    t.string('external_id', 128).nullable()
    t.text('body').notNullable()
    t.boolean('from_me').notNullable().defaultTo(false)
    t.boolean('read').notNullable().defaultTo(false)
    // 'chat' for text; image, audio, video, application, sticker, locationMessage, vcard, call_log.
    t.string('media_type', 30).notNullable().defaultTo('chat')
    t.string('media_path', 500).nullable()
    t.string('media_name', 255).nullable()
    t.string('media_mimetype', 120).nullable()
    t.integer('quoted_msg_id').unsigned().nullable()
    t.tinyint('ack').notNullable().defaultTo(0)
    t.boolean('is_deleted').notNullable().defaultTo(false)
    t.boolean('is_edited').notNullable().defaultTo(false)
    // Group messages: who wrote it.
    t.string('participant', 200).nullable()
    // The agent who sent it (NULL for the contact, bots and timeouts).
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    // Outbound only: queued -> sent | failed (with the error code); NULL for inbound messages.
    t.string('send_status', 10).nullable()
    t.string('send_error', 100).nullable()
    t.integer('send_attempts').notNullable().defaultTo(0)
    // The channel's serialized message: answers the driver's getMessage (retries, decryption).
    t.text('raw').nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id', 'whatsapp_id', 'external_id'])
    t.index(['ticket_id', 'id'])
    t.index(['company_id', 'created_at'])
    t.index(['send_status', 'updated_at'])
  })
  await knex.schema.createTable('ticket_notes', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('ticket_id').unsigned().notNullable().references('id').inTable('tickets').onDelete('CASCADE')
    t.integer('contact_id').unsigned().notNullable()
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    t.text('note').notNullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'contact_id'])
    t.index(['ticket_id'])
  })
  // One row per service cycle of a ticket (created or reopened -> accepted -> finished): the dashboard's times.
  await knex.schema.createTable('ticket_cycles', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('ticket_id').unsigned().notNullable().references('id').inTable('tickets').onDelete('CASCADE')
    t.integer('whatsapp_id').unsigned().nullable()
    t.integer('queue_id').unsigned().nullable()
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    t.datetime('started_at', { precision: 3 }).notNullable()
    t.datetime('accepted_at', { precision: 3 }).nullable()
    t.datetime('finished_at', { precision: 3 }).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'started_at'])
    t.index(['company_id', 'finished_at'])
    t.index(['ticket_id', 'id'])
  })
  await knex.schema.createTable('ticket_ratings', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('ticket_id').unsigned().notNullable().references('id').inTable('tickets').onDelete('CASCADE')
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL')
    t.tinyint('rate').notNullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'user_id'])
    t.index(['company_id', 'created_at'])
  })
  // Normalized words (lowercase, no accents, at most 40 chars) of a ticket's messages: search matches word prefixes
  // through the primary key instead of scanning message bodies.
  await knex.schema.createTable('ticket_search_words', (t) => {
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('word', 40).notNullable()
    t.integer('ticket_id').unsigned().notNullable().references('id').inTable('tickets').onDelete('CASCADE')
    t.primary(['company_id', 'word', 'ticket_id'])
    t.index(['ticket_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['ticket_search_words', 'ticket_ratings', 'ticket_cycles', 'ticket_notes', 'messages', 'tickets']) {
    await knex.schema.dropTableIfExists(table)
  }
}
