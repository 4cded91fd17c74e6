import t from 'tap'
import { build } from '../testing/build.ts'

t.test('a pooled MariaDB connection does not hold mysql2 prepared statements it never uses', async (t) => {
  const app = await build(t)
  if (app.dialect !== 'mysql') {
    t.pass('SQLite: no mysql2 connections')
    return
  }
  // knex sends text queries; mysql2's default statement cache (16,000 entries) would allocate 512 KB per connection.
  for (const knex of [app.knex, app.scriptKnex()!]) {
    const connection = await knex.client.acquireConnection()
    try {
      t.equal(connection.config.maxPreparedStatements, 16)
      t.ok(connection._statements.max <= 16, 'its statement cache is small')
    } finally {
      await knex.client.releaseConnection(connection)
    }
  }
})
