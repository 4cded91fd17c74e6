import type { Knex } from 'knex'

/**
 * AI prompts (the spec's /prompts page): the system text a chat model answers customers with, its provider (an
 * OpenAI-compatible API at base_url; the key sealed, see sealSecret), the voice of its answers and the queue whose
 * agents take over. queue_id is a plain id: queues belong to another plugin (no foreign key across plugins).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('prompts', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.text('prompt').notNullable()
    t.string('voice', 60).notNullable()
    // Sealed (v1.<iv>.<tag>.<data>), never answered by the API.
    t.text('voice_key').nullable()
    t.string('voice_region', 40).nullable()
    t.integer('max_tokens').notNullable()
    t.double('temperature').notNullable()
    t.text('api_key').nullable()
    t.integer('queue_id').unsigned().notNullable()
    t.integer('max_messages').notNullable()
    t.string('model', 100).notNullable()
    t.string('base_url', 300).notNullable()
    t.boolean('transcribe_audio').notNullable().defaultTo(true)
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'name'])
  })
  // Tickets the bot no longer talks to (the customer asked for a person, the model handed over, an agent took it,
  // the provider failed); cleared when the ticket closes, so the next conversation starts with the bot again.
  await knex.schema.createTable('prompt_handoffs', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('ticket_id').unsigned().notNullable()
    t.string('reason', 40).notNullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id', 'ticket_id'])
  })
  // One row per customer message the bot took: claims it once (a job that runs again answers nothing twice), counts
  // the calls running per company and the tokens spent per day.
  await knex.schema.createTable('prompt_runs', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('ticket_id').unsigned().notNullable()
    t.integer('message_id').unsigned().notNullable()
    t.integer('prompt_id').unsigned().notNullable()
    t.string('status', 20).notNullable()
    t.integer('tokens').notNullable().defaultTo(0)
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id', 'message_id'])
    t.index(['company_id', 'status'])
    t.index(['company_id', 'created_at'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('prompt_runs')
  await knex.schema.dropTableIfExists('prompt_handoffs')
  await knex.schema.dropTableIfExists('prompts')
}
