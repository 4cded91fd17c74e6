import type { Knex } from 'knex'
import { dialectOf } from '../db/knex.ts'
import { migrateLatest, type MigrationSet } from '../db/migrator.ts'

/**
 * MariaDB test databases filled from a migrated template: running every migration costs each test app about two
 * seconds of DDL (most of the MariaDB suite's time); replaying the resulting tables costs a fifth of that. Per process
 * and per set of migrations, the first test database is migrated for real and its tables (SHOW CREATE TABLE) and
 * rows (the migration records) are captured; later ones replay them. The app's own migrateLatest still runs after
 * and finds nothing pending.
 */
interface Template {
  statements: string[]
}

const templates = new Map<string, Promise<Template | undefined>>()

const keyOf = (sets: MigrationSet[]) => sets.map((s) => `${s.owner}@${s.dir.href}`).join('|')

async function tablesOf(knex: Knex): Promise<string[]> {
  const [rows] = (await knex.raw("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name")) as [Array<{ name: string }>]
  return rows.map((r) => r.name)
}

async function capture(knex: Knex, sets: MigrationSet[]): Promise<Template> {
  await migrateLatest(knex, sets)
  const statements: string[] = []
  const inserts: string[] = []
  for (const table of await tablesOf(knex)) {
    const [[row]] = (await knex.raw('SHOW CREATE TABLE ??', [table])) as [Array<Record<string, string>>]
    statements.push(row['Create Table'])
    const rows = await knex(table).select('*')
    if (rows.length > 0) inserts.push(knex(table).insert(rows).toString())
  }
  return { statements: [...statements, ...inserts] }
}

/**
 * Fills an empty MariaDB test database with the migrated schema of these migration sets. The first call per set
 * migrates it for real; a database that already has tables is left alone.
 */
export async function fillFromTemplate(knex: Knex, sets: MigrationSet[]): Promise<void> {
  if (dialectOf(knex) !== 'mysql' || (await tablesOf(knex)).length > 0) return
  const key = keyOf(sets)
  const pending = templates.get(key)
  if (!pending) {
    const captured = capture(knex, sets)
    templates.set(key, captured.catch(() => undefined))
    await captured
    return
  }
  const template = await pending
  if (!template) return
  // One connection throughout: foreign keys are checked off only for it, so tables can come in any order.
  await knex.transaction(async (trx) => {
    await trx.raw('SET FOREIGN_KEY_CHECKS = 0')
    for (const sql of template.statements) await trx.raw(sql)
    await trx.raw('SET FOREIGN_KEY_CHECKS = 1')
  })
}
