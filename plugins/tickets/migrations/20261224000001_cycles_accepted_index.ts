import type { Knex } from 'knex'
import { indexExists } from '@zapdesk/plugin-api'

const INDEX = 'ticket_cycles_company_id_accepted_at_index'

/**
 * Cycles by acceptance (the activity read model's waiting times average the cycles ACCEPTED in a range): without
 * this index that query reads every cycle the company ever had. It used to be created by the dashboard plugin, which
 * must not alter another plugin's table; the table's owner creates it now, unless an older install has it already.
 */
export async function up(knex: Knex): Promise<void> {
  if (await indexExists(knex, 'ticket_cycles', INDEX)) return
  await knex.schema.alterTable('ticket_cycles', (t) => {
    t.index(['company_id', 'accepted_at'], INDEX)
  })
}

export async function down(knex: Knex): Promise<void> {
  if (!(await indexExists(knex, 'ticket_cycles', INDEX))) return
  await knex.schema.alterTable('ticket_cycles', (t) => {
    t.dropIndex(['company_id', 'accepted_at'], INDEX)
  })
}
