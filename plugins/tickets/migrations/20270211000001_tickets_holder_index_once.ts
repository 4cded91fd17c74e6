import type { Knex } from 'knex'
import { indexExists } from '@zapdesk/plugin-api'

const INDEX = 'tickets_company_id_user_id_status_index'
const COLUMNS = ['company_id', 'user_id', 'status']

/**
 * The (company, user, status) index answered nothing the (user, status, updated_at) one (20270210000001) does not:
 * a user belongs to one company, and MariaDB chose the newer one for an agent's tabs even with both. Dropped, so
 * opening or taking a ticket no longer writes two index entries for the same lookup.
 */
export async function up(knex: Knex): Promise<void> {
  if (!(await indexExists(knex, 'tickets', INDEX))) return
  await knex.schema.alterTable('tickets', (t) => {
    t.dropIndex(COLUMNS, INDEX)
  })
}

export async function down(knex: Knex): Promise<void> {
  if (await indexExists(knex, 'tickets', INDEX)) return
  await knex.schema.alterTable('tickets', (t) => {
    t.index(COLUMNS, INDEX)
  })
}
