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

/** Runs every pending migration, owner by owner in the given (dependency) order. */
export async function migrateLatest(knex: Knex, sets: MigrationSet[]): Promise<string[]> {
  const ran: string[] = []
  for (const set of sets) {
    const [, names] = (await knex.migrate.latest(configFor(set))) as [number, string[]]
    ran.push(...names.map((n) => `${set.owner}/${n}`))
  }
  return ran
}

/** Rolls back in reverse order: the last batch of each owner, or everything with `all`. */
export async function migrateRollback(knex: Knex, sets: MigrationSet[], all = false): Promise<string[]> {
  const undone: string[] = []
  for (const set of [...sets].reverse()) {
    const [, names] = (await knex.migrate.rollback(configFor(set), all)) as [number, string[]]
    undone.push(...names.map((n) => `${set.owner}/${n}`))
  }
  return undone
}

export const coreMigrations: MigrationSet = { owner: 'core', dir: new URL('../../migrations/', import.meta.url) }
