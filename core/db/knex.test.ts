import t from 'tap'
import { build } from '../testing/build.ts'
import { PREPARED_PER_CONNECTION } from './prepared.ts'

t.test('a pooled MariaDB connection keeps a small cache of prepared statements', async (t) => {
  const app = await build(t)
  if (app.dialect !== 'mysql') {
    t.pass('SQLite: no mysql2 connections')
    return
  }
  // Only the compiled statements run prepared; mysql2's default cache (16,000 entries) would allocate 512 KB per connection.
  for (const knex of [app.knex, app.scriptKnex()!]) {
    const connection = await knex.client.acquireConnection()
    try {
      t.equal(connection.config.maxPreparedStatements, PREPARED_PER_CONNECTION)
      t.ok(connection._statements.max <= PREPARED_PER_CONNECTION, 'its statement cache is small')
    } finally {
      await knex.client.releaseConnection(connection)
    }
  }
})
