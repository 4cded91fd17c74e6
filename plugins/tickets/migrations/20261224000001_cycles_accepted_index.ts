import type { Knex } from 'knex'
import { dialectOf } from '@zapdesk/plugin-api'

const INDEX = 'ticket_cycles_company_id_accepted_at_index'

/** Installs that ran the dashboard plugin's migration before this one have the index already. */
async function hasIndex(knex: Knex): Promise<boolean> {
  if (dialectOf(knex) === 'sqlite') {
    return (await knex('sqlite_master').where({ type: 'index', name: INDEX }).first('name')) !== undefined
  }
  const [rows] = await knex.raw('SHOW INDEX FROM ticket_cycles WHERE Key_name = ?', [INDEX])
  return (rows as unknown[]).length > 0
}

/**
 * Cycles by acceptance (the activity read model's waiting times average the cycles ACCEPTED in a range): without
 * this index that query reads every cycle the company ever had. It used to be created by the dashboard plugin, which
 * must not alter another plugin's table; the table's owner creates it now.
 */
export async function up(knex: Knex): Promise<void> {
  if (await hasIndex(knex)) return
  await knex.schema.alterTable('ticket_cycles', (t) => {
    t.index(['company_id', 'accepted_at'], INDEX)
  })
}

export async function down(knex: Knex): Promise<void> {
  if (!(await hasIndex(knex))) return
  await knex.schema.alterTable('ticket_cycles', (t) => {
    t.dropIndex(['company_id', 'accepted_at'], INDEX)
  })
}
