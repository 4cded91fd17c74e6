import type { Knex } from 'knex'

/**
 * A ticket's tags under its company: the tickets' pages read each row's tag ids with (company_id, ticket_id), which
 * the (company_id, tag_id) index served by scanning every tagged ticket of the company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_tags', (t) => {
    t.index(['company_id', 'ticket_id', 'tag_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_tags', (t) => {
    t.dropIndex(['company_id', 'ticket_id', 'tag_id'])
  })
}
