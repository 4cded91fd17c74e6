import t from 'tap'
import type { Knex } from 'knex'
import { coreMigrations, migrateLatest, migrateRollback, type MigrationSet } from './migrator.ts'
import { emptyDatabase } from '../testing/database.ts'

const hello: MigrationSet = { owner: 'hello', dir: new URL('../testing/fixtures/third-party/hello-plugin/migrations/', import.meta.url) }
const CORE_TABLES = ['plans', 'companies', 'users', 'settings', 'company_modules', 'helps', 'password_resets', 'user_sessions']

async function existing(knex: Knex, tables: string[]): Promise<string[]> {
  const out: string[] = []
  for (const table of tables) if (await knex.schema.hasTable(table)) out.push(table)
  return out
}

t.test('up -> down (all) -> up: the core\'s and a plugin\'s migrations', async (t) => {
  const knex = await emptyDatabase(t)
  const sets = [coreMigrations, hello]
  const ran = await migrateLatest(knex, sets)
  t.ok(ran.includes('core/20261122000001_accounts'))
  t.same(ran.at(-1), 'hello/20261201000001_hello_notes', 'the core first, then the plugin')
  t.ok(ran.slice(0, -1).every((name) => name.startsWith('core/')))
  t.same(await existing(knex, [...CORE_TABLES, 'hello_notes']), [...CORE_TABLES, 'hello_notes'])
  t.same(await migrateLatest(knex, sets), [], 'nothing pending the second time')

  // A row in the plugin's tenant table: rolling back must not trip over the foreign key to companies.
  const [planId] = await knex('plans').insert({ name: 'P', features: '[]' })
  const [companyId] = await knex('companies').insert({ name: 'C', planId })
  await knex('helloNotes').insert({ companyId, text: 'kept until the rollback' })

  const undone = await migrateRollback(knex, sets, true)
  t.same(undone, [...ran].reverse(), 'the plugin first, then the core, each newest first')
  t.same(await existing(knex, [...CORE_TABLES, 'hello_notes']), [], 'every table gone')
  t.same(await knex('knex_migrations').count({ n: '*' }).first().then((r) => Number(r!.n)), 0, 'nothing left recorded')

  t.same(await migrateLatest(knex, sets), ran, 'up again runs the same migrations')
  t.same(await existing(knex, [...CORE_TABLES, 'hello_notes']), [...CORE_TABLES, 'hello_notes'])
  t.same(await knex('helloNotes').select('id'), [], 'on fresh tables')
})

t.test('a plugin added to a running install migrates alone, and a rollback undoes only it', async (t) => {
  const knex = await emptyDatabase(t)
  const core = await migrateLatest(knex, [coreMigrations])
  t.ok(core.includes('core/20261122000001_accounts'))
  await knex('plans').insert({ name: 'Kept', features: '[]' })
  t.same(await migrateLatest(knex, [coreMigrations, hello]), ['hello/20261201000001_hello_notes'], 'only the new plugin runs')

  t.same(await migrateRollback(knex, [coreMigrations, hello]), ['hello/20261201000001_hello_notes'], 'one step back: the plugin')
  t.same(await existing(knex, ['plans', 'hello_notes']), ['plans'], 'the core\'s tables and rows stay')
  t.same(await knex('plans').pluck('name'), ['Kept'])
  t.same(await migrateRollback(knex, [coreMigrations, hello]), [...core].reverse(), 'the next step back: the core')
  t.same(await migrateRollback(knex, [coreMigrations, hello]), [], 'then nothing is left')
})

t.test('a rollback after one run over the core and a plugin steps back plugin first', async (t) => {
  const knex = await emptyDatabase(t)
  await migrateLatest(knex, [coreMigrations, hello])
  t.same(await migrateRollback(knex, [coreMigrations, hello]), ['hello/20261201000001_hello_notes'])
  t.same(await existing(knex, ['companies', 'hello_notes']), ['companies'])
})

t.test('an up-to-date database is checked in one query; a file not yet run, or a recorded one gone, takes knex\'s path', async (t) => {
  const knex = await emptyDatabase(t)
  const sets = [coreMigrations, hello]
  await migrateLatest(knex, sets)
  const seen: string[] = []
  const count = (q: { sql: string }) => seen.push(q.sql)
  knex.on('query', count)
  t.same(await migrateLatest(knex, sets), [])
  t.equal(seen.length, 1, `one query when nothing is pending (${seen.length})`)
  knex.off('query', count)

  // The plugin's last migration undone behind its back: the next start must run it again.
  await migrateRollback(knex, sets)
  t.same(await migrateLatest(knex, sets), ['hello/20261201000001_hello_notes'], 'a pending file runs')
  // A recorded migration whose file is gone: knex's own check reports the folder as corrupt, as before.
  await knex('knex_migrations_hello').insert({ name: '20261130000001_gone', batch: 9, migration_time: new Date() })
  await t.rejects(migrateLatest(knex, sets), /corrupt|missing/i, 'not skipped')
})
