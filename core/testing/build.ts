import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { buildApp, type BuildOptions } from '../app.ts'
import { seedPlans } from '../accounts/seed.ts'
import { freshDatabase } from './database.ts'
import { fillFromTemplate } from './schema-template.ts'
import { Statement } from '../db/statement.ts'
import { builtAnswers } from '../http/built-answers.ts'

export interface TestContext {
  teardown(fn: () => unknown): void
}

/**
 * The real app on a fresh database (SQLite, or MariaDB when TEST_DATABASE_URL is set; Redis when REDIS_URL is
 * set), with plans seeded. Closed and dropped when the test ends.
 */
export async function build(t: TestContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Every compiled statement a test runs is checked against what knex would have run (core/db/statement.ts). Set
  // here, not on import: production plugins import test helpers' modules for their cross-tenant fixtures.
  Statement.verify = true
  // And every answer a handler builds for JSON.stringify (core/http/built-answers.ts) against its schema's writer.
  builtAnswers.checked = true
  const db = await freshDatabase()
  const app = await buildApp({
    beforeMigrate: fillFromTemplate,
    ...options,
    env: {},
    config: {
      env: 'test', logLevel: 'silent', serveWeb: false, bcryptCost: 4, dataDir: db.dataDir, databaseUrl: db.url,
      redisUrl: process.env.REDIS_URL || undefined, redisPrefix: `zt${randomBytes(5).toString('hex')}`,
      jwtSecret: randomBytes(32).toString('hex'), jwtRefreshSecret: randomBytes(32).toString('hex'),
      ...options.config,
    },
  })
  await seedPlans(app)
  t.teardown(async () => {
    await app.close()
    await db.drop()
  })
  return app
}
