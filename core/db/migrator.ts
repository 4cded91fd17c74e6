import type { Knex } from 'knex'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** One owner's migrations: the core's or a plugin's, each tracked in its own table. */
export interface MigrationSet {
  owner: string
  dir: URL
}

const MIGRATION_FILE = /^[\w.-]+\.(ts|js|mjs)$/

function tableFor(owner: string): string {
  return owner === 'core' ? 'knex_migrations' : `knex_migrations_${owner.replace(/[^a-z0-9]/gi, '_')}`
}

function sourceFor(dir: URL): Knex.MigrationSource<string> {
  const folder = fileURLToPath(dir)
  return {
    async getMigrations() {
      if (!fs.existsSync(folder)) return []
      return fs.readdirSync(folder).filter((f) => MIGRATION_FILE.test(f) && !f.includes('.test.') && !f.endsWith('.d.ts')).sort()
    },
    getMigrationName: (name) => name.replace(/\.(ts|js|mjs)$/, ''),
    getMigration: (name) => import(pathToFileURL(path.join(folder, name)).href),
  }
}

function configFor(set: MigrationSet): Knex.MigratorConfig {
  return { tableName: tableFor(set.owner), migrationSource: sourceFor(set.dir) }
}

/**
 * Whether every set's migration files are all recorded as done, and nothing else is, read in one query (UNION ALL of
 * the sets' tables): then a start skips knex's per-set checks and locks (~10 round trips a set, a second of a start on
 * MySQL with 20 sets). Any doubt (a missing table, a file not run, a recorded name with no file) says no, and knex's
 * own path runs (and reports a corrupt folder as it does).
 */
async function nothingPending(knex: Knex, sets: MigrationSet[]): Promise<boolean> {
  const recorded = new Map<string, Set<string>>(sets.map((set) => [tableFor(set.owner), new Set<string>()]))
  const [first, ...rest] = [...recorded.keys()]
  if (!first) return true
  const select = (table: string) => knex.select(knex.raw('? as ??', [table, 'tbl']), 'name').from(table)
  const query = select(first)
  for (const table of rest) query.unionAll(select(table))
  try {
    for (const row of (await query) as Array<{ tbl: string; name: string }>) recorded.get(row.tbl)?.add(row.name)
  } catch {
    return false
  }
  for (const set of sets) {
    const source = sourceFor(set.dir)
    const names = (await source.getMigrations([])).map((f) => source.getMigrationName(f))
    const done = recorded.get(tableFor(set.owner))!
    if (names.length !== done.size || names.some((n) => !done.has(n))) return false
  }
  return true
}

/** Runs every pending migration, owner by owner in the given (dependency) order. */
export async function migrateLatest(knex: Knex, sets: MigrationSet[]): Promise<string[]> {
  if (await nothingPending(knex, sets)) return []
  const ran: string[] = []
  for (const set of sets) {
    const [, names] = (await knex.migrate.latest(configFor(set))) as [number, string[]]
    ran.push(...names.map((n) => `${set.owner}/${n}`))
  }
  return ran
}

/**
 * With `all`, undoes every owner's migrations, plugins before the core. Otherwise undoes one step: the last batch of
 * the owner that migrated most recently (call again to step further back). Undoing "the last batch of every owner"
 * instead would drop the core's tables when the last change was only a plugin added to a running install.
 */
export async function migrateRollback(knex: Knex, sets: MigrationSet[], all = false): Promise<string[]> {
  const undone: string[] = []
  const targets = all ? [...sets].reverse() : [await lastMigrated(knex, sets)].filter((s) => s !== undefined)
  for (const set of targets) {
    const [, names] = (await knex.migrate.rollback(configFor(set), all)) as [number, string[]]
    undone.push(...names.map((n) => `${set.owner}/${n}`))
  }
  return undone
}

const timeOf = (v: unknown): number => (typeof v === 'number' ? v : v ? new Date(v as string).getTime() : 0)

/** The owner whose latest migration is the most recent; on a tie (one run, same clock tick) the later in order. */
async function lastMigrated(knex: Knex, sets: MigrationSet[]): Promise<MigrationSet | undefined> {
  let best: { set: MigrationSet; time: number } | undefined
  for (const set of [...sets].reverse()) {
    const table = tableFor(set.owner)
    if (!(await knex.schema.hasTable(table))) continue
    const row = (await knex(table).max({ time: 'migration_time' }).first()) as { time?: unknown } | undefined
    if (row?.time == null) continue
    const time = timeOf(row.time)
    if (!best || time > best.time) best = { set, time }
  }
  return best?.set
}

export const coreMigrations: MigrationSet = { owner: 'core', dir: new URL('../../migrations/', import.meta.url) }
