import { randomBytes } from 'node:crypto'
import knexFactory, { type Knex } from 'knex'
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { createKnex } from '../db/knex.ts'

/** A connection to the MySQL/MariaDB server of the URL, on no database (to create and drop them). */
export const serverKnex = (url: URL): Knex => knexFactory({
  client: 'mysql2',
  connection: { host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) },
})

export interface FreshDatabase {
  /** mysql URL of the new database; undefined on SQLite (the file lives in dataDir). */
  url?: string
  dataDir: string
  drop(): Promise<void>
}

/**
 * A fresh, empty database and data dir: a temp SQLite file, or a new MySQL/MariaDB database on the server of
 * `serverUrl` (TEST_DATABASE_URL by default), dropped again afterwards. `prefix` names them (tests zt, benchmarks zb):
 * CI drops the zt_ databases an interrupted run left.
 */
export async function freshDatabase(options: { serverUrl?: string; prefix?: string } = {}): Promise<FreshDatabase> {
  const prefix = options.prefix ?? 'zt'
  const base = 'serverUrl' in options ? options.serverUrl : process.env.TEST_DATABASE_URL
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `zapdesk-${prefix}-`))
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true })
  if (!base) return { dataDir, drop: async () => removeDir() }
  const url = new URL(base)
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = serverKnex(url)
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  await admin.destroy()
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      const k = serverKnex(url)
      await k.raw(`DROP DATABASE IF EXISTS \`${name}\``)
      await k.destroy()
      removeDir()
    },
  }
}

/** An empty database (SQLite, or MariaDB with TEST_DATABASE_URL) and its knex, gone when the test ends. */
export async function emptyDatabase(t: { teardown(fn: () => unknown): void }): Promise<Knex> {
  const db = await freshDatabase()
  const knex = createKnex({ url: db.url, sqliteFile: path.join(db.dataDir, 'zapdesk.sqlite') })
  t.teardown(async () => {
    await knex.destroy()
    await db.drop()
  })
  return knex
}
