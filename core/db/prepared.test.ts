import t from 'tap'
import { build } from '../testing/build.ts'
import { Statement } from './statement.ts'

type Observed = { sql: string; bindings: unknown[]; __knexUid?: string; __knexTxId?: string }

t.test('on MariaDB a compiled statement outside a transaction runs on a pooled connection, as knex would run it', async (t) => {
  const app = await build(t)
  if (app.knex.client.config.client !== 'mysql2') return t.pass('SQLite: compiled statements run through knex (core/db/sql-text.ts)')
  const { knex } = app
  const company = (await knex('companies').insert({ name: 'Pool probe' }))[0] as number
  const byCompany = new Statement<{ companyId: number }>('probe.pool', (k, v) => k('companies').where('id', v.companyId).select('id', 'name', 'createdAt'))
  const events: string[] = []
  const seen: Observed[] = []
  const onQuery = (q: Observed) => { events.push('query'); seen.push(q) }
  const onResponse = (_: unknown, q: Observed) => events.push(`response ${q.sql === seen.at(-1)?.sql}`)
  const onError = (err: Error, q: Observed) => events.push(`error ${q.sql === seen.at(-1)?.sql} ${/ER_/.test(String((err as { code?: string }).code))}`)
  knex.on('query', onQuery).on('query-response', onResponse).on('query-error', onError)
  t.teardown(() => void knex.off('query', onQuery).off('query-response', onResponse).off('query-error', onError))

  const [row] = await byCompany.rows<{ id: number; name: string; createdAt: Date }>(knex, { companyId: company })
  const [viaKnex] = await knex('companies').where('id', company).select('id', 'name', 'createdAt')
  t.same(row, viaKnex, 'the same row, camelCased, with the same types as the builder answers')
  t.same(events.slice(0, 2), ['query', 'response true'], "knex's 'query' then 'query-response' events, for the statement")
  t.match(seen[0], { sql: /select `id`, `name`, `created_at` from `companies`/, bindings: [company] }, 'with its text and values')
  t.type(seen[0].__knexUid, 'string', "and the pooled connection's id (the table-write watch keys on it)")
  t.equal(seen[0].__knexTxId, undefined, 'outside any transaction')

  // A statement the server refuses: knex's error, its text in the message, and its connection back in the pool.
  events.length = 0
  const broken = new Statement<{ id: number }>('probe.broken', (k, v) => k('no_such_table').where('id', v.id).select('id'))
  const pool = (knex.client as unknown as { pool: { max: number } }).pool
  const refused = { code: 'ER_NO_SUCH_TABLE', message: /^select `id` from `no_such_table` .* - .*no_such_table/ }
  await t.rejects(broken.rows(knex, { id: 1 }), refused, 'the driver\'s error, the statement\'s text first')
  for (let i = 0; i < pool.max; i++) await t.rejects(broken.rows(knex, { id: 1 }), refused)
  t.same(events.slice(0, 2), ['query', 'error true true'], "and knex's 'query-error' event")
  t.same((await byCompany.rows(knex, { companyId: company })).length, 1, `${pool.max + 1} failures later the pool (max ${pool.max}) still hands out connections`)

  // In a transaction the statement runs on the transaction's connection (knex's runner): it sees uncommitted rows.
  await knex.transaction(async (trx) => {
    const inTrx = (await trx('companies').insert({ name: 'Uncommitted' }))[0] as number
    seen.length = 0
    t.same((await byCompany.rows<{ name: string }>(trx, { companyId: inTrx }))[0]?.name, 'Uncommitted', "a transaction's statement sees its own writes")
    t.type(seen[0]?.__knexTxId, 'string', 'and is reported as part of the transaction')
    t.same(await byCompany.rows(knex, { companyId: inTrx }), [], 'a statement on the pool does not see them before the commit')
  })
})
