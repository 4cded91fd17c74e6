import type { Knex } from 'knex'
import { indexExists } from '@zapdesk/plugin-api'

const INDEX = 'tickets_user_id_status_updated_at_index'
const COLUMNS = ['user_id', 'status', 'updated_at']

/**
 * An agent's own tickets of a status, newest update first (their "open" and "closed" tabs): MariaDB read them through
 * the user id's foreign-key index and sorted every one the agent ever closed to keep a page (888 rows read and
 * sorted for 40 at 100k tickets in 50 companies); with this index it reads the page's rows in order (40).
 */
export async function up(knex: Knex): Promise<void> {
  if (await indexExists(knex, 'tickets', INDEX)) return
  await knex.schema.alterTable('tickets', (t) => {
    t.index(COLUMNS, INDEX)
  })
}

export async function down(knex: Knex): Promise<void> {
  if (!(await indexExists(knex, 'tickets', INDEX))) return
  await knex.schema.alterTable('tickets', (t) => {
    t.dropIndex(COLUMNS, INDEX)
  })
}
