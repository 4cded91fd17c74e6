import t from 'tap'
import { build } from '../testing/build.ts'
import { Statement } from './statement.ts'

t.test('a compiled statement answers what its builder answers, compiled once per database', async (t) => {
  const app = await build(t)
  const other = await build(t)
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

  // Unchecked here, so what is counted is compilations (checked runs build every run too: see below).
  Statement.verify = false
  t.teardown(() => { Statement.verify = true })
  let builds = 0
  type Values = { companyId: number; since: Date; name: string; limit: number; offset: number }
  // knex leaves out `offset 0`: whether there is one is part of the shape.
  const query = (k: typeof knex, v: Values, paged = v.offset > 0) => {
    const onCount = k('statementProbe as o').where('o.companyId', v.companyId).where('o.isOn', true).count('*').as('onCount')
    return k('statementProbe').where({ companyId: v.companyId }).where('seenAt', '>=', v.since).whereNot('someName', v.name)
      .select('id', 'someName', 'isOn', 'seenAt', onCount).orderBy('id', 'desc').limit(v.limit).offset(paged ? v.offset : 0)
  }
  const page = new Statement<Values, boolean>('probe.page', (k, v, paged) => {
    builds++
    return query(k, v, paged)
  })
  const cases: Values[] = [
    { companyId: 1, since: at(5), name: "n6'x", limit: 4, offset: 0 },
    { companyId: 1, since: at(5), name: "n6'x", limit: 4, offset: 4 },
    { companyId: 2, since: at(20), name: 'none', limit: 100, offset: 1 },
    { companyId: 3, since: at(1), name: 'n1', limit: 5, offset: 0 },
  ]
  for (const values of cases) {
    const expected = (await query(knex, values)).map((r: Record<string, unknown>) => ({ ...r, onCount: Number(r.onCount) }))
    const rows = (await page.rows<Record<string, unknown>>(knex, values, values.offset > 0)).map((r) => ({ ...r, onCount: Number(r.onCount) }))
    // On MariaDB the statement runs prepared (binary rows) and the builder as text: flags, dates and counts alike.
    t.same(rows, expected, `the builder's rows for ${JSON.stringify(values)}, camelCased`)
  }
  t.equal(builds, 2, 'built once per shape (with and without an offset): later runs reuse its text with their own values')
  t.ok((await page.rows(knex, cases[0], false)).length === 4 && (await knex.transaction((trx) => page.rows(trx, cases[0], false))).length === 4, 'a transaction runs the same text')
  t.equal(builds, 2, 'a transaction of the same knex shares the compiled text')

  await probeTable(other.knex)
  t.same(await page.rows(other.knex, cases[2], true), [], "another app's database compiles its own (its empty table)")
  t.equal(builds, 3)
})

t.test('on MariaDB a compiled statement runs as a prepared statement of its connection, prepared once', async (t) => {
  const app = await build(t)
  if (app.knex.client.config.client !== 'mysql2') return t.pass('SQLite: its connection caches every prepared statement (core/db/knex.ts)')
  const byName = new Statement<{ name: string }>('probe.prepared', (k, v) => k('users').where('name', v.name).select('id'))
  const status = async (trx: typeof app.knex, name: string) => Number(((await trx.raw('SHOW SESSION STATUS LIKE ?', [name]))[0] as Array<{ Value: string }>)[0].Value)
  await app.knex.transaction(async (trx) => {
    const [executed, prepared] = [await status(trx, 'Com_stmt_execute'), await status(trx, 'Com_stmt_prepare')]
    for (const name of ['a', 'b', 'c']) t.same(await byName.rows(trx, { name }), [])
    t.equal(await status(trx, 'Com_stmt_execute') - executed, 3, 'three executions')
    t.equal(await status(trx, 'Com_stmt_prepare') - prepared, 1, 'one prepare: the connection keeps it')
    await trx('users').where('name', 'a').select('id')
    t.equal(await status(trx, 'Com_stmt_execute') - executed, 3, 'a query of the builder stays a text query')
  })
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
  const computed = new Statement<{ a: number; b: number }>('probe.computed', (k, v) => k('users').where('id', '>', v.a).limit(v.b).offset(v.a + 1).select('id'))
  await t.rejects(computed.rows(knex, { a: 1, b: 2 }), /a number was computed from a value/, 'offset + 1 is not taken for another value')
})

t.test('a shape picks the SQL; checked runs catch a value the builder took from elsewhere', async (t) => {
  const app = await build(t)
  const { knex } = app
  t.equal(Statement.verify, true, 'the test build turns checked runs on')
  type Shape = { named: boolean; ids: number }
  let builds = 0
  const plans = new Statement<Record<string, number | string>, Shape>('probe.plans', (k, v, shape) => {
    builds++
    const q = k('plans').where('id', '>', v.above).select('id')
    if (shape.named) q.where('name', v.name)
    return q.whereIn('id', Array.from({ length: shape.ids }, (_, i) => v[`id${i}`]))
  })
  const plan = await knex('plans').orderBy('id').first('id', 'name')
  const ids = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`id${i}`, i === 0 ? plan.id : 100000 + i]))
  t.same(await plans.rows(knex, { above: 0, ...ids(2) }, { named: false, ids: 2 }), [{ id: plan.id }])
  t.same(await plans.rows(knex, { above: 0, name: plan.name, ...ids(3) }, { named: true, ids: 3 }), [{ id: plan.id }])
  t.same(await plans.rows(knex, { above: 0, name: 'another plan', ...ids(3) }, { named: true, ids: 3 }), [])
  t.same(await plans.rows(knex, { above: 0 }, { named: false, ids: 0 }), [], 'an empty list is a shape of its own')
  // Checked runs build each run with its real values too (4 runs), plus one compilation per shape (3).
  t.equal(builds, 4 + 3)

  let leaked = plan.id - 1
  const leaky = new Statement<{ id: number }>('probe.leaky', (k, v) => k('plans').where('id', '>', leaked).where('id', v.id).select('id'))
  t.same(await leaky.rows(knex, { id: plan.id }), [{ id: plan.id }])
  leaked = plan.id
  await t.rejects(leaky.rows(knex, { id: plan.id }), /the compiled text runs .* knex would run/, 'a value baked into the text is caught by the next run that differs')
})
