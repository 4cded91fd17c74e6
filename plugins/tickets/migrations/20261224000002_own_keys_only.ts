import type { Knex } from 'knex'
import { dialectOf, indexExists } from '@zapdesk/plugin-api'

const OWN_TABLES = ['tickets', 'messages', 'ticket_cycles', 'ticket_notes', 'ticket_ratings', 'ticket_search_words']
/** The kernel's tables stay referable: they are not a plugin's. */
const KERNEL_TABLES = ['companies', 'users']

/** Lookups by contact and by connection that the dropped foreign keys' implicit indexes served on MariaDB. */
const INDEXES: Array<{ table: string; columns: string[]; name: string }> = [
  { table: 'messages', columns: ['company_id', 'contact_id'], name: 'messages_company_id_contact_id_index' },
  { table: 'tickets', columns: ['company_id', 'whatsapp_id'], name: 'tickets_company_id_whatsapp_id_index' },
]

/**
 * Installs made before the tickets tables stopped pointing at other plugins' tables (contacts, connections, queues)
 * lose those foreign keys on MariaDB; deletion hooks do their work now. SQLite cannot drop a constraint without
 * rebuilding the table: there the old keys stay, inert, since the hooks remove or detach the rows before the owner
 * deletes its own. Both get the indexes the hooks' lookups need.
 */
export async function up(knex: Knex): Promise<void> {
  if (dialectOf(knex) === 'mysql') {
    const [rows] = await knex.raw(
      `SELECT TABLE_NAME AS t, CONSTRAINT_NAME AS c FROM information_schema.KEY_COLUMN_USAGE
       WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL
       AND TABLE_NAME IN (${OWN_TABLES.map(() => '?').join(', ')}) AND REFERENCED_TABLE_NAME NOT IN (${[...OWN_TABLES, ...KERNEL_TABLES].map(() => '?').join(', ')})`,
      [...OWN_TABLES, ...OWN_TABLES, ...KERNEL_TABLES],
    )
    for (const { t, c } of rows as Array<{ t: string; c: string }>) await knex.raw('ALTER TABLE ?? DROP FOREIGN KEY ??', [t, c])
  }
  for (const index of INDEXES) {
    if (await indexExists(knex, index.table, index.name)) continue
    await knex.schema.alterTable(index.table, (t) => { t.index(index.columns, index.name) })
  }
}

/** The keys are not put back (they would tie this plugin's tables to other plugins' again); the indexes go. */
export async function down(knex: Knex): Promise<void> {
  for (const index of INDEXES) {
    if (!(await indexExists(knex, index.table, index.name))) continue
    await knex.schema.alterTable(index.table, (t) => { t.dropIndex(index.columns, index.name) })
  }
}
