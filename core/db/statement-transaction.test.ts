import t from 'tap'
import { build } from '../testing/build.ts'
import { sqlWriter } from './sql-text.ts'
import { statementTransaction } from './statement-transaction.ts'

t.test('a transaction of hand-built statements commits whole or rolls back whole', async (t) => {
  const app = await build(t)
  const { knex } = app
  await knex.schema.dropTableIfExists('statement_probe')
  await knex.schema.createTable('statement_probe', (tb) => {
    tb.increments('id')
    tb.string('some_name', 40).notNullable().unique()
    tb.dateTime('seen_at').notNullable()
    tb.boolean('is_on').notNullable()
  })
  t.teardown(() => knex.schema.dropTableIfExists('statement_probe'))
  const sql = sqlWriter(knex)
  const at = new Date('2026-11-22T10:00:00.000Z')
  const names = async () => (await knex('statementProbe').select('someName').orderBy('id')).map((r: { someName: string }) => r.someName)

  const rows = await statementTransaction(knex, async (run) => {
    await run(sql.insert('statementProbe', [{ someName: 'a', seenAt: at, isOn: true }, { someName: 'b', seenAt: at, isOn: false }]))
    return run<Array<Record<string, unknown>>>(sql.select('statementProbe', '*', sql.anyOfKeys([{ someName: 'a' }, { someName: 'b' }]), ' order by `id`'))
  })
  t.same(rows.map((r) => r.someName), ['a', 'b'], 'reads see the transaction\'s own writes, camelCased')
  const [stored] = await knex('statementProbe').where({ someName: 'a' })
  t.same([new Date(stored.seenAt).toISOString(), Boolean(stored.isOn)], [at.toISOString(), true], 'dates and booleans are stored as the knex stores them')

  await t.rejects(statementTransaction(knex, async (run) => {
    await run(sql.insert('statementProbe', [{ someName: 'c', seenAt: at, isOn: true }]))
    await run(sql.insert('statementProbe', [{ someName: 'a', seenAt: at, isOn: true }]))
  }), { code: /SQLITE_CONSTRAINT_UNIQUE|ER_DUP_ENTRY/ }, 'a failing statement fails the transaction with the driver\'s error')
  await t.rejects(statementTransaction(knex, async (run) => {
    await run(sql.insert('statementProbe', [{ someName: 'd', seenAt: at, isOn: true }]))
    throw new Error('the work gave up')
  }), /gave up/)
  t.same(await names(), ['a', 'b'], 'neither failed transaction left a row behind')

  // SQLite: a knex query issued while the transaction runs waits for its one connection, and sees the result.
  let queried: Promise<string[]> | undefined
  await statementTransaction(knex, async (run) => {
    if (app.dialect === 'sqlite') queried = names()
    await run(sql.insert('statementProbe', [{ someName: 'e', seenAt: at, isOn: true }]))
  })
  if (queried) t.same(await queried, ['a', 'b', 'e'], 'a query of another waits for the connection')
  t.same(await names(), ['a', 'b', 'e'], 'the connection went back to the pool clean')
})
