import type { Knex } from 'knex'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dialectOf } from '../db/knex.ts'
import { migrateLatest, type MigrationSet } from '../db/migrator.ts'

/**
 * MariaDB test databases filled from a migrated template: running every migration costs each test app about two
 * seconds of DDL (most of a MariaDB test file's own time); replaying the resulting tables costs a fraction of that.
 * The first test database of a set of migrations is migrated for real and its tables (SHOW CREATE TABLE) and rows
 * (the migration records) are captured, in memory and in a file under the temp folder named by a hash of the
 * migration files' names and contents, so the other test processes of the suite replay it too. The app's own
 * migrateLatest still runs after and finds nothing pending; a changed migration changes the hash.
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
