import type { Knex } from 'knex'

/**
 * Queue integrations (the spec's /queue-integration page): a typebot, an n8n flow, a webhook or a Dialogflow agent
 * that talks to a queue's customers until it hands the ticket back. Secrets (Dialogflow's service-account JSON, the
 * webhook signing secret) are sealed (sealSecret) and never answered. Ticket and integration ids of other plugins are
 * plain ids: no foreign key across plugins.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('queue_integrations', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.string('type', 20).notNullable()
    t.string('project_name', 100).nullable()
    t.string('language', 10).nullable()
    t.text('json_content').nullable()
    t.string('url_n8n', 500).nullable()
    t.text('signing_secret').nullable()
    t.string('typebot_slug', 200).nullable()
    t.integer('typebot_expires').notNullable().defaultTo(1)
    t.integer('typebot_delay_message').notNullable().defaultTo(1000)
    t.string('typebot_keyword_finish', 100).nullable()
    t.string('typebot_keyword_restart', 100).nullable()
    t.text('typebot_unknown_message').nullable()
    t.text('typebot_restart_message').nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['company_id', 'name'])
  })
  // A ticket's conversation with its integration: 'active' while the integration talks (the typebot session id),
  // 'done' once it handed the ticket back; removed when the ticket closes, so the next conversation starts again.
  await knex.schema.createTable('integration_sessions', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('ticket_id').unsigned().notNullable()
    t.integer('integration_id').unsigned().notNullable()
    t.string('status', 10).notNullable()
    t.string('external_id', 200).nullable()
    t.datetime('last_at', { precision: 3 }).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id', 'ticket_id'])
  })
  // One row per customer message posted to an n8n flow or a webhook: what the delivery log shows, and the claim that
  // keeps a retried job from posting a delivered message again.
  await knex.schema.createTable('integration_deliveries', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('integration_id').unsigned().notNullable()
    t.integer('ticket_id').unsigned().notNullable()
    t.integer('message_id').unsigned().notNullable()
    t.string('status', 12).notNullable()
    t.integer('attempts').notNullable().defaultTo(0)
    t.integer('http_status').nullable()
    t.integer('duration_ms').nullable()
    t.string('error', 300).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    // Named: the generated names pass MariaDB's 64-character limit.
    t.unique(['company_id', 'integration_id', 'message_id'], { indexName: 'integration_deliveries_message_unique' })
    t.index(['company_id', 'integration_id', 'id'], 'integration_deliveries_log_index')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('integration_deliveries')
  await knex.schema.dropTableIfExists('integration_sessions')
  await knex.schema.dropTableIfExists('queue_integrations')
}
