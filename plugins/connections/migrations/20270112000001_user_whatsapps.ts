import type { Knex } from 'knex'

/**
 * A user's connection (the spec's user.whatsappId): where the tickets that user opens go when none is named. A row
 * of this plugin's (the users table is the core's), gone with its user, connection or company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_whatsapps', (t) => {
    t.integer('user_id').unsigned().notNullable().primary().references('id').inTable('users').onDelete('CASCADE')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.integer('whatsapp_id').unsigned().notNullable().references('id').inTable('whatsapps').onDelete('CASCADE')
    t.index(['company_id', 'whatsapp_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('user_whatsapps')
}
