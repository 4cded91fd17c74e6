import type { Knex } from 'knex'

/**
 * The audit log: one row per change an admin or super user made through the API. Append-only: nothing in the
 * plugin updates or deletes a row (a deleted company takes its rows along by the cascade, as every tenant row).
 * The actor's name is copied, not joined: the log must still say who after the user is renamed or deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_entries', (t) => {
    t.bigIncrements('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('user_id').unsigned().notNullable()
    t.string('user_name', 120).notNullable()
    t.boolean('user_super').notNullable().defaultTo(false)
    t.string('ip', 64).notNullable()
    t.string('method', 8).notNullable()
    // The route's pattern (/api/users/:id), never the URL with its query.
    t.string('route', 200).notNullable()
    t.string('kind', 40).notNullable()
    t.string('resource_id', 64).nullable()
    // A readable name of the changed thing (its name, title, email or key) when it has one.
    t.string('label', 200).nullable()
    t.string('action', 12).notNullable()
    // JSON: { field: { before?, after? } } with secrets masked.
    t.text('changes', 'mediumtext').notNullable()
    t.datetime('created_at', { precision: 3 }).notNullable()
    t.index(['company_id', 'id'], 'audit_entries_company_index')
    t.index(['company_id', 'user_id', 'id'], 'audit_entries_user_index')
    t.index(['company_id', 'kind', 'id'], 'audit_entries_kind_index')
    t.index(['created_at'], 'audit_entries_time_index')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_entries')
}
