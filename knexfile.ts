import path from 'node:path'
import { loadConfig } from './config/index.ts'

/**
 * For tools that expect a knexfile. The platform itself migrates through `npm run migrate` (core/cli.ts), which
 * also runs each plugin's migrations in dependency order; this file points knex at the same database.
 */
const config = loadConfig()

export default config.databaseUrl
  ? { client: 'mysql2', connection: config.databaseUrl, migrations: { directory: './migrations', tableName: 'knex_migrations' } }
  : { client: 'better-sqlite3', connection: { filename: path.join(config.dataDir, 'zapdesk.sqlite') }, useNullAsDefault: true, migrations: { directory: './migrations', tableName: 'knex_migrations' } }
