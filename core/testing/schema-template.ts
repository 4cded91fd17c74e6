import type { Knex } from 'knex'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dialectOf } from '../db/knex.ts'
import { migrateLatest, type MigrationSet } from '../db/migrator.ts'

/**
 * Test databases filled from a migrated template: running every migration costs each test app about two seconds of
 * DDL on MariaDB and about one on SQLite (most of a short test's own time); replaying the resulting tables costs a
 * fraction of that. The first test database of a set of migrations is migrated for real and captured in a file under
 * the temp folder named by a hash of the migration files' names and contents (and the server's version), so the
 * other test processes of the suite replay it too: on MariaDB its tables (SHOW CREATE TABLE) and rows (the migration
 * records), on SQLite a copy of the whole database file (VACUUM INTO) whose schema and rows are copied in. The app's
 * own migrateLatest still runs after and finds nothing pending; a changed migration changes the hash.
 */
interface Template {
  statements: string[]
}

const templates = new Map<string, Promise<Template | undefined>>()
const CACHE_DIR = path.join(os.tmpdir(), 'zapdesk-test-schemas')

function keyOf(sets: MigrationSet[], server: string): string {
  const hash = createHash('sha256').update(server)
  for (const set of sets) {
    const folder = fileURLToPath(set.dir)
    hash.update(`\0${set.owner}\0${folder}`)
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []
    for (const file of files) hash.update(`\0${file}\0`).update(fs.readFileSync(path.join(folder, file)))
  }
  return hash.digest('hex').slice(0, 32)
}

async function tablesOf(knex: Knex): Promise<string[]> {
  const [rows] = (await knex.raw("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name")) as [Array<{ name: string }>]
  return rows.map((r) => r.name)
}

async function capture(knex: Knex, sets: MigrationSet[], file: string): Promise<Template> {
  await migrateLatest(knex, sets)
  const statements: string[] = []
  const inserts: string[] = []
  for (const table of await tablesOf(knex)) {
    const [[row]] = (await knex.raw('SHOW CREATE TABLE ??', [table])) as [Array<Record<string, string>>]
    statements.push(row['Create Table'])
    const rows = await knex(table).select('*')
    if (rows.length > 0) inserts.push(knex(table).insert(rows).toString())
  }
  const template = { statements: [...statements, ...inserts] }
  // Written whole under a temporary name, then renamed: a process reading it never sees half a file.
  fs.mkdirSync(CACHE_DIR, { recursive: true })
  const partial = `${file}.${process.pid}.tmp`
  fs.writeFileSync(partial, JSON.stringify(template))
  fs.renameSync(partial, file)
  return template
}

function readCached(file: string): Template | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Template
    return Array.isArray(parsed.statements) && parsed.statements.length > 0 ? parsed : undefined
  } catch {
    return undefined
  }
}

/**
 * Fills an empty MariaDB test database with the migrated schema of these migration sets. The first call per set
 * (in any process, while the migration files stay the same) migrates it for real; a database that already has
 * tables is left alone.
 */
export async function fillFromTemplate(knex: Knex, sets: MigrationSet[]): Promise<void> {
  if (dialectOf(knex) === 'sqlite') return fillSqlite(knex, sets)
  if (dialectOf(knex) !== 'mysql' || (await tablesOf(knex)).length > 0) return
  const [[{ version }]] = (await knex.raw('SELECT VERSION() AS version')) as [Array<{ version: string }>]
  const key = keyOf(sets, version)
  const file = path.join(CACHE_DIR, `${key}.json`)
  let pending = templates.get(key)
  if (!pending) {
    const cached = readCached(file)
    if (!cached) {
      const captured = capture(knex, sets, file)
      templates.set(key, captured.catch(() => undefined))
      await captured
      return
    }
    templates.set(key, (pending = Promise.resolve(cached)))
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

/** better-sqlite3's connection, as far as the copy uses it. */
interface SqliteConnection {
  exec(sql: string): unknown
  prepare(sql: string): { all(): unknown[]; get(): unknown }
}

interface SqliteObject {
  type: 'table' | 'index' | 'view' | 'trigger'
  name: string
  sql: string
}

const sqliteTemplates = new Map<string, Promise<string | undefined>>()
const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The SQLite side of fillFromTemplate: an empty database gets the template file's schema and rows. */
async function fillSqlite(knex: Knex, sets: MigrationSet[]): Promise<void> {
  const client = knex.client as { acquireConnection(): Promise<SqliteConnection>; releaseConnection(c: SqliteConnection): Promise<unknown> }
  const conn = await client.acquireConnection()
  let empty: boolean
  let version: string
  try {
    empty = (conn.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").get() as { n: number }).n === 0
    version = (conn.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v
  } finally {
    await client.releaseConnection(conn)
  }
  if (!empty) return
  const key = keyOf(sets, `sqlite ${version}`)
  const file = path.join(CACHE_DIR, `${key}.sqlite`)
  let pending = sqliteTemplates.get(key)
  if (!pending) {
    if (!fs.existsSync(file)) {
      const captured = captureSqlite(knex, sets, file)
      sqliteTemplates.set(key, captured.then(() => file, () => undefined))
      await captured
      return
    }
    sqliteTemplates.set(key, (pending = Promise.resolve(file)))
  }
  const template = await pending
  if (!template) return
  const copy = await client.acquireConnection()
  try {
    copySqlite(copy, template)
  } finally {
    await client.releaseConnection(copy)
  }
}

/** Migrates the (empty) database for real, then writes a compact copy of it as the template, whole or not at all. */
async function captureSqlite(knex: Knex, sets: MigrationSet[], file: string): Promise<void> {
  await migrateLatest(knex, sets)
  fs.mkdirSync(CACHE_DIR, { recursive: true })
  const partial = `${file}.${process.pid}.tmp`
  fs.rmSync(partial, { force: true })
  await knex.raw('VACUUM INTO ?', [partial])
  fs.renameSync(partial, file)
}

/**
 * Copies the template's tables, rows, AUTOINCREMENT counters, indexes, views and triggers into the connection's
 * (empty) main database in one transaction. Rows go in before the indexes are built and the triggers exist (the
 * template's rows already carry what its triggers did); foreign keys are checked at the commit, so tables can be
 * filled in any order.
 */
function copySqlite(conn: SqliteConnection, template: string): void {
  conn.exec(`ATTACH DATABASE '${template.replace(/'/g, "''")}' AS tpl`)
  try {
    const objects = conn.prepare("SELECT type, name, sql FROM tpl.sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid").all() as SqliteObject[]
    const tables = objects.filter((o) => o.type === 'table')
    const hasSequence = conn.prepare("SELECT 1 FROM tpl.sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined
    const script = [
      'BEGIN', 'PRAGMA defer_foreign_keys = ON',
      ...tables.map((o) => o.sql),
      ...tables.map((o) => `INSERT INTO main.${quoteName(o.name)} SELECT * FROM tpl.${quoteName(o.name)}`),
      ...(hasSequence ? ['DELETE FROM main.sqlite_sequence', 'INSERT INTO main.sqlite_sequence SELECT * FROM tpl.sqlite_sequence'] : []),
      ...objects.filter((o) => o.type === 'index').map((o) => o.sql),
      ...objects.filter((o) => o.type === 'view').map((o) => o.sql),
      ...objects.filter((o) => o.type === 'trigger').map((o) => o.sql),
      'COMMIT',
    ]
    try {
      conn.exec(script.join(';\n'))
    } catch (err) {
      try { conn.exec('ROLLBACK') } catch { /* already rolled back */ }
      throw err
    }
  } finally {
    conn.exec('DETACH DATABASE tpl')
  }
}
