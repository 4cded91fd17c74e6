import t from 'tap'
import type { Knex } from 'knex'
import { dialectOf } from '../db/knex.ts'
import { migrateLatest, type MigrationSet } from '../db/migrator.ts'
import { migrationSets } from '../app.ts'
import { build } from './build.ts'
import { emptyDatabase } from './database.ts'
import { fillFromTemplate } from './schema-template.ts'

/** Rows in a comparable form: a migration record's time is when that database (or the template) ran it. */
const comparable = (rows: Array<Record<string, unknown>>) => rows.map(({ migrationTime, migration_time: time, ...row }) => row)

/** Everything a test could see of a database's schema and contents, in a comparable form. */
async function snapshot(knex: Knex): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  if (dialectOf(knex) === 'sqlite') {
    out.schema = await knex.raw("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name <> 'sqlite_sequence' ORDER BY type, name")
    out.sequences = await knex.raw("SELECT name, seq FROM sqlite_sequence ORDER BY name").catch(() => [])
    const tables = (await knex.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")) as Array<{ name: string }>
    for (const { name } of tables) out[`rows ${name}`] = comparable(await knex.raw(`SELECT * FROM "${name}" ORDER BY rowid`))
  } else {
    const [tables] = (await knex.raw("SELECT table_name AS name, auto_increment AS next FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY table_name")) as [Array<{ name: string; next: number | null }>]
    out.tables = tables
    for (const { name } of tables) {
      const [[create]] = (await knex.raw('SHOW CREATE TABLE ??', [name])) as [Array<Record<string, string>>]
      // The AUTO_INCREMENT clause is compared through information_schema above.
      out[`create ${name}`] = (create['Create Table'] ?? create['Create View']).replace(/ AUTO_INCREMENT=\d+/, '')
      out[`rows ${name}`] = comparable((await knex.raw('SELECT * FROM ??', [name]))[0])
    }
  }
  return out
}

t.test('a test database filled from the migrated template is the migrated database: schema, rows, counters', async (t) => {
  // The sets of the bundled plugins, as every build(t) migrates them.
  const app = await build(t, { startJobs: false })
  const sets: MigrationSet[] = migrationSets(app.plugins)

  const migrated = await emptyDatabase(t)
  t.ok((await migrateLatest(migrated, sets)).length > 0, 'migrated for real')
  // The first fill captures the template when no earlier process of this run did; the second surely copies it.
  const first = await emptyDatabase(t)
  await fillFromTemplate(first, sets)
  const copied = await emptyDatabase(t)
  await fillFromTemplate(copied, sets)
  t.same(await migrateLatest(copied, sets), [], 'nothing pending after the copy')

  const expected = await snapshot(migrated)
  t.ok(Object.keys(expected).length > 20, `${Object.keys(expected).length} parts compared`)
  t.same(await snapshot(first), expected, 'the first fill')
  t.same(await snapshot(copied), expected, 'a fill from the template')

  // The copy is a working database: foreign keys enforced, counters continue where the template's stopped.
  await t.rejects(copied('users').insert({ name: 'x', email: 'x@y.z', passwordHash: 'x', companyId: 999999 }), /foreign key/i, 'foreign keys are checked')
})

t.test('a database that already has tables is left alone', async (t) => {
  const app = await build(t, { startJobs: false })
  const sets = migrationSets(app.plugins)
  const knex = await emptyDatabase(t)
  await knex.schema.createTable('mine', (table) => table.increments('id'))
  await fillFromTemplate(knex, sets)
  t.same(await knex.schema.hasTable('users'), false)
  t.same(await knex.schema.hasTable('mine'), true)
})
