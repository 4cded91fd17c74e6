import t from 'tap'
import { build } from '../testing/build.ts'
import { Statement } from './statement.ts'

t.test('a compiled statement answers what its builder answers, compiled once per database', async (t) => {
  const app = await build(t)
  const { knex } = app
  const probeTable = async (k: typeof knex) => {
    await k.schema.dropTableIfExists('statement_probe')
    await k.schema.createTable('statement_probe', (tb) => {
      tb.increments('id')
      tb.integer('company_id').notNullable()
      tb.string('some_name', 40).notNullable()
      tb.boolean('is_on').notNullable()
      tb.dateTime('seen_at').notNullable()
    })
    t.teardown(() => k.schema.dropTableIfExists('statement_probe'))
  }
  await probeTable(knex)
  const at = (day: number) => new Date(Date.UTC(2026, 0, day))
  await knex('statementProbe').insert(Array.from({ length: 30 }, (_, i) => ({ companyId: 1 + (i % 2), someName: `n${i}'x`, isOn: i % 3 === 0, seenAt: at(1 + i) })))

  let builds = 0
  type Values = { companyId: number; since: Date; name: string; limit: number; offset: number }
  const query = (k: typeof knex, v: Values) => {
    const onCount = k('statementProbe as o').where('o.companyId', v.companyId).where('o.isOn', true).count('*').as('onCount')
    return k('statementProbe').where({ companyId: v.companyId }).where('seenAt', '>=', v.since).whereNot('someName', v.name)
      .select('id', 'someName', onCount).orderBy('id', 'desc').limit(v.limit).offset(v.offset)
  }
  const page = new Statement<Values>('probe.page', (k, v) => {
    builds++
    return query(k, v)
  })
  const cases: Values[] = [
    { companyId: 1, since: at(5), name: "n6'x", limit: 4, offset: 0 },
    { companyId: 1, since: at(5), name: "n6'x", limit: 4, offset: 4 },
    { companyId: 2, since: at(20), name: 'none', limit: 100, offset: 1 },
    { companyId: 3, since: at(1), name: 'n1', limit: 5, offset: 0 },
  ]
  for (const values of cases) {
    const expected = (await query(knex, values)).map((r: Record<string, unknown>) => ({ ...r, onCount: Number(r.onCount) }))
    const rows = (await page.rows<Record<string, unknown>>(knex, values)).map((r) => ({ ...r, onCount: Number(r.onCount) }))
    t.same(rows, expected, `the builder's rows for ${JSON.stringify(values)}, camelCased`)
  }
  t.equal(builds, 1, 'built once: later runs reuse its text with their own values')
  t.ok((await page.rows(knex, cases[0])).length === 4 && (await knex.transaction((trx) => page.rows(trx, cases[0]))).length === 4, 'a transaction runs the same text')
  t.equal(builds, 1, 'a transaction of the same knex shares the compiled text')

  const other = await build(t)
  await probeTable(other.knex)
  t.same(await page.rows(other.knex, cases[2]), [], "another app's database compiles its own (its empty table)")
  t.equal(builds, 2)
})

t.test('values that would change the SQL, and values written into it, are refused', async (t) => {
  const app = await build(t)
  const { knex } = app
  const byName = new Statement<{ name: string }>('probe.byName', (k, v) => k('users').where('name', v.name).select('id'))
  await t.rejects(byName.rows(knex, { name: null as unknown as string }), /name must be a string, number, boolean or date \(got null\)/)
  await t.rejects(byName.rows(knex, { name: ['a', 'b'] as unknown as string }), /got object/)
  t.same(await byName.rows(knex, { name: 'nobody' }), [], 'a proper value still runs')

  const interpolated = new Statement<{ name: string }>('probe.interpolated', (k, v) => k('users').whereRaw(`name = '${v.name}'`).select('id'))
  await t.rejects(interpolated.rows(knex, { name: 'x' }), /written into the SQL text/)
  const pattern = new Statement<{ name: string }>('probe.pattern', (k, v) => k('users').where('name', 'like', `${v.name}%`).select('id'))
  await t.rejects(pattern.rows(knex, { name: 'x' }), /written into a binding's text/)
})
