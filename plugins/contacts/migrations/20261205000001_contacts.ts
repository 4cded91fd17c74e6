import type { Knex } from 'knex'

/**
 * Contacts and their extra info. The database enforces what races could break: one contact per number and one
 * per LID in a company (the tickets pipeline inserts concurrently and relies on these to stay race-safe).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contacts', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    // The name lowercased, without accents and with single spaces: prefix searches use the index below instead of
    // scanning every row with LIKE '%term%'.
    t.string('name_search', 100).notNullable()
    // Digits (groups: digits and '-'); null for a person known only by LID so far. NULLs never collide in a
    // unique index on either database.
    t.string('number', 50).nullable()
    t.string('email', 200).notNullable().defaultTo('')
    t.string('profile_pic_url', 1000).nullable()
    t.boolean('is_group').notNullable().defaultTo(false)
    t.string('lid', 80).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id', 'number'])
    t.unique(['company_id', 'lid'])
    t.index(['company_id', 'name_search'])
    t.index(['company_id', 'created_at'])
  })
  await knex.schema.createTable('contact_custom_fields', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('contact_id').unsigned().notNullable().references('id').inTable('contacts').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.string('value', 1000).notNullable().defaultTo('')
    t.index(['contact_id'])
    t.index(['company_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_custom_fields')
  await knex.schema.dropTableIfExists('contacts')
}
