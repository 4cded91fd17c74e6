import type { Knex } from 'knex'

/**
 * The waiting time is averaged over the cycles ACCEPTED in a range; the tickets plugin indexes its cycles by start and
 * by finish only, so without this index that query would read every cycle the company ever had. The dashboard owns
 * the query, so it owns the index (the tickets plugin migrates first: it is a declared dependency).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_cycles', (t) => {
    t.index(['company_id', 'accepted_at'], 'ticket_cycles_company_id_accepted_at_index')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ticket_cycles', (t) => {
    t.dropIndex(['company_id', 'accepted_at'], 'ticket_cycles_company_id_accepted_at_index')
  })
}
