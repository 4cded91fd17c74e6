import t from 'tap'
import { build } from '../testing/build.ts'
import { runSql, SqlExpr, sqlWriter } from './sql-text.ts'

t.test('hand-built statements: the text knex would write, values as bindings, on either database', async (t) => {
  const app = await build(t)
  const { knex } = app
  await knex.schema.dropTableIfExists('sql_text_probe')
  await knex.schema.createTable('sql_text_probe', (tb) => {
    tb.increments('id')
    tb.integer('company_id').notNullable()
    tb.string('some_name', 40).notNullable()
    tb.boolean('is_on').notNullable()
    tb.string('note', 40).nullable()
    tb.unique(['company_id', 'some_name'])
  })
  t.teardown(() => knex.schema.dropTableIfExists('sql_text_probe'))
  const sql = sqlWriter(knex)
  t.equal(await knex.transaction(async (trx) => sqlWriter(trx)), sql, "a transaction shares its knex's writer")
  t.equal(sql.id('someName'), '`some_name`', 'camelCase names are written snake_case and quoted, as the knex writes them')
  t.equal(sql.id('sqlTextProbe.companyId'), '`sql_text_probe`.`company_id`')

  const insert = sql.insert('sqlTextProbe', [
    { companyId: 1, someName: "o'brien; drop table x", isOn: true, note: undefined },
    { companyId: 1, someName: 'b', isOn: false, note: new SqlExpr('lower(?)', ['NOTE']) },
  ])
  t.equal(insert.bindings.length, 8, 'one binding per value, plus the expression\'s own')
  await runSql(knex, insert)
  const where = sql.anyOfKeys([{ companyId: 1, someName: 'b' }, { companyId: 1, someName: "o'brien; drop table x" }, { companyId: 2, someName: 'b' }])
  const rows = await runSql<Array<Record<string, unknown>>>(knex, sql.select('sqlTextProbe', ['someName', 'isOn', 'note'], where, ' order by `id`'))
  t.same(rows.map((r) => ({ ...r, isOn: Boolean(r.isOn) })), [
    { someName: "o'brien; drop table x", isOn: true, note: null },
    { someName: 'b', isOn: false, note: 'note' },
  ], 'values are bound (quotes stay data), undefined is NULL, expressions are evaluated, rows come back camelCased')

  const again = sql.insert('sqlTextProbe', [{ companyId: 1, someName: 'b', isOn: true }, { companyId: 1, someName: 'c', isOn: true }], { ignoreConflictOn: ['companyId', 'someName'] })
  await runSql(knex, again)
  t.same((await knex('sqlTextProbe').select('someName').orderBy('id')).map((r: { someName: string }) => r.someName), ["o'brien; drop table x", 'b', 'c'], 'ignoreConflictOn skips the rows that break the unique key and inserts the rest')
  await t.rejects(runSql(knex, sql.insert('sqlTextProbe', [{ companyId: 1, someName: 'c', isOn: true }])), 'without it the unique key still refuses')

  if (app.dialect === 'sqlite') {
    const back = await runSql<Array<Record<string, unknown>>>(knex, sql.insert('sqlTextProbe', [{ companyId: 3, someName: 'd', isOn: true }], { returning: ['id', 'companyId'] }))
    t.match(back, [{ id: Number, companyId: 3 }], 'returning reads the inserted rows back (SQLite)')
  }
})
