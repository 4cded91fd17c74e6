import { parseArgs } from 'node:util'
import { loadConfig } from '../config/index.ts'
import { loadEnvFile } from '../config/env-file.ts'
import { createKnex } from './db/knex.ts'
import { migrateLatest, migrateRollback } from './db/migrator.ts'
import { discoverPlugins } from './loader/discover.ts'
import { orderByDependencies } from './loader/order.ts'
import { buildApp, migrationSets } from './app.ts'
import { createSuperUser } from './accounts/seed.ts'
import path from 'node:path'

const USAGE = `Usage: npm run cli -- <command>
  migrate                                  run pending migrations (core, then plugins)
  rollback [--all]                         undo the most recent batch (of the owner that migrated last), or everything
  create-super-user --email E --password P create the platform's super user (production's first user)`

async function withKnex<T>(fn: (knex: ReturnType<typeof createKnex>, sets: ReturnType<typeof migrationSets>) => Promise<T>): Promise<T> {
  loadEnvFile()
  const config = loadConfig()
  const knex = createKnex({ url: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'zapdesk.sqlite') })
  try {
    const plugins = orderByDependencies(await discoverPlugins({ packages: config.plugins, disabled: config.disabledPlugins }))
    return await fn(knex, migrationSets(plugins))
  } finally {
    await knex.destroy()
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  const { values } = parseArgs({ args: rest, options: { all: { type: 'boolean' }, email: { type: 'string' }, password: { type: 'string' } } })
  switch (command) {
    case 'migrate': {
      const ran = await withKnex((knex, sets) => migrateLatest(knex, sets))
      console.log(ran.length ? `Ran ${ran.length} migrations:\n  ${ran.join('\n  ')}` : 'Already up to date')
      return 0
    }
    case 'rollback': {
      const undone = await withKnex((knex, sets) => migrateRollback(knex, sets, values.all === true))
      console.log(undone.length ? `Rolled back ${undone.length} migrations:\n  ${undone.join('\n  ')}` : 'Nothing to roll back')
      return 0
    }
    case 'create-super-user': {
      if (!values.email || !values.password || values.password.length < 8) {
        console.error('create-super-user needs --email and a --password of at least 8 characters')
        return 2
      }
      const app = await buildApp({ config: { serveWeb: false, logLevel: 'warn' }, startJobs: false })
      try {
        const user = await createSuperUser(app, values.email, values.password)
        console.log(`Super user ${user.email} created (id ${user.id})`)
      } finally {
        await app.close()
      }
      return 0
    }
    default:
      console.log(USAGE)
      return command ? 2 : 0
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
