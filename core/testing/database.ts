import { randomBytes } from 'node:crypto'
import knexFactory, { type Knex } from 'knex'
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { createKnex } from '../db/knex.ts'

/** A connection to the MySQL/MariaDB server of the URL, on no database (to create and drop them). */
const serverKnex = (url: URL): Knex => knexFactory({
  client: 'mysql2',
  connection: { host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) },
})

/**
 * A fresh, empty database for one test app: a temp SQLite file, or a new MySQL/MariaDB database next to the one
 * in TEST_DATABASE_URL (dropped again afterwards).
 */
export async function freshDatabase(): Promise<{ url?: string; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-test-'))
  const base = process.env.TEST_DATABASE_URL
  if (!base) return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
  const url = new URL(base)
  const name = `zt_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
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
      fs.rmSync(dataDir, { recursive: true, force: true })
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
