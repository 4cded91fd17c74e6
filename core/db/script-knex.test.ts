import t from 'tap'
import { build } from '../testing/build.ts'
import { withScriptSession } from './script-knex.ts'

t.test('script sessions: several statements per round trip, in a transaction that commits or rolls back whole', async (t) => {
  const app = await build(t)
  const script = app.scriptKnex()
  if (app.dialect !== 'mysql') {
    t.equal(script, undefined, 'SQLite has no script knex (its statements cost no round trip)')
    return
  }
  t.ok(script)
  const knex = script!
  await knex.schema.dropTableIfExists('script_probe')
  await knex.schema.createTable('script_probe', (tb) => {
    tb.increments('id')
    tb.string('some_name', 20).notNullable().unique()
  })
  t.teardown(() => knex.schema.dropTableIfExists('script_probe'))
  const [level] = await withScriptSession(knex, (s) => s.run([knex.raw('select @@tx_isolation as level')]))
  t.same(level, [{ level: 'READ-COMMITTED' }], 'its connections are READ COMMITTED')

  const results = await withScriptSession(knex, async (s) => {
    const [inserted] = await s.begin([knex('scriptProbe').insert([{ someName: 'a' }, { someName: 'b' }])])
    return [inserted, ...(await s.commit([knex('scriptProbe').select('someName').orderBy('id')]))]
  })
  t.match(results[0], { affectedRows: 2 }, 'each statement answers its own result')
  t.same(results[1], [{ someName: 'a' }, { someName: 'b' }], 'rows come back camelCased, as from knex')

  await t.rejects(withScriptSession(knex, (s) => s.transact([knex('scriptProbe').insert({ someName: 'c' }), knex('scriptProbe').insert({ someName: 'a' })])), { code: 'ER_DUP_ENTRY' })
  await t.rejects(withScriptSession(knex, (s) => s.begin([knex('scriptProbe').insert({ someName: 'd' })])), /left open/, 'a transaction left open is an error')
  t.same((await app.knex('scriptProbe').select('someName').orderBy('id')).map((r: { someName: string }) => r.someName), ['a', 'b'], 'the failed and the unfinished transactions left nothing behind')
  t.same(await withScriptSession(knex, (s) => s.run([knex.raw('select 1 as one')])), [[{ one: 1 }]], 'the connections went back to the pool clean')
})
