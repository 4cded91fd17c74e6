import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { Contact } from './models.ts'
import { searchKey } from './normalize.ts'
import { call } from './test-helpers.ts'

const names = (body: { contacts: Array<{ name: string }> }) => body.contacts.map((c) => c.name)

t.test('search: start of any name word (accents and case ignored), number prefix, wildcards literal', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const people = [['João Silva', '5511911110000'], ['joana Prado', '5511922220000'], ['Márcia_Lima', '5521933330000'], ['100% Peças', '5531944440000'], ['Marcos', '5511955550000']]
  for (const [name, number] of people) t.equal((await call(app, 'POST', '/contacts', c.user.headers, { name, number })).statusCode, 201)
  const search = async (term: string) => names((await call(app, 'GET', `/contacts?searchParam=${encodeURIComponent(term)}`, c.user.headers)).json())

  t.same(await search('jo'), ['joana Prado', 'João Silva'], 'ordered by the normalized name')
  t.same(await search('JOÃO'), ['João Silva'])
  t.same(await search('joao s'), ['João Silva'])
  t.same(await search('mar'), ['Márcia_Lima', 'Marcos'])
  t.same(await search('marcia_'), ['Márcia_Lima'], '_ is not a wildcard')
  t.same(await search('m_'), [], '_ matches only itself')
  t.same(await search('100%'), ['100% Peças'], '% matches itself')
  t.same(await search('1%'), [])
  t.same(await search('m*'), [], '* is not a glob')
  t.same(await search('5511'), ['5511911110000', '5511922220000', '5511955550000'].map((n) => people.find((p) => p[1] === n)![0]), 'number prefix, in number order')
  t.same(await search('+55 (21)'), ['Márcia_Lima'], 'a formatted number prefix')
  t.same(await search('silva'), ['João Silva'], 'any word of the name can start the match')
  t.same(await search('ilva'), [], 'but not the middle of a word')
})

t.test('paging, count and date filters (days on the company\'s clock: São Paulo, UTC-3)', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  t.equal((await app.knex('companies').where({ id: c.id }).first('timezone')).timezone, 'America/Sao_Paulo')
  const Contacts = app.bind(Contact)
  for (let i = 0; i < 45; i++) {
    const name = `Pessoa ${String(i).padStart(2, '0')}`
    // The second five at 23:59:59 in São Paulo: already the next day in UTC.
    const createdAt = i < 5 ? '2030-01-10T15:00:00.000Z' : i < 10 ? '2030-01-12T02:59:59.000Z' : '2030-02-01T03:00:00.000Z'
    await Contacts.query().forCompany(c.id).insert({ name, nameSearch: searchKey(name), number: `55119000000${String(i).padStart(2, '0')}`, email: '', isGroup: false, profilePicUrl: null, lid: null, createdAt })
  }
  const page = async (q: string) => (await call(app, 'GET', `/contacts?${q}`, c.user.headers)).json()
  const p1 = await page('pageNumber=1')
  t.match(p1, { count: 45, hasMore: true })
  t.equal(p1.contacts.length, 20)
  t.equal(p1.contacts[0].name, 'Pessoa 00')
  const p3 = await page('pageNumber=3')
  t.match(p3, { count: 45, hasMore: false })
  t.same(names(p3), ['Pessoa 40', 'Pessoa 41', 'Pessoa 42', 'Pessoa 43', 'Pessoa 44'])

  t.equal((await page('date=2030-01-10')).count, 5, 'one day')
  t.equal((await page('date=2030-01-11')).count, 5, 'the last second of the company\'s day is in it')
  t.equal((await page('date=2030-01-12')).count, 0, 'not in the UTC day it fell on')
  t.equal((await page('dateStart=2030-01-11')).count, 40)
  t.equal((await page('dateEnd=2030-01-11')).count, 10)
  t.equal((await page('dateStart=2030-01-11&dateEnd=2030-01-31')).count, 5)
  t.equal((await page('dateStart=2030-01-10&searchParam=pessoa%200')).count, 10)
  const bad = await call(app, 'GET', '/contacts?date=10/01/2030', c.user.headers)
  t.equal(bad.json().error, 'ERR_VALIDATION')
})

t.test('the search is served by an index, not a scan of the company\'s rows', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q = app.bind(Contact).query().forCompany(c.id)
  const { applyContactFilters } = await import('./search.ts')
  applyContactFilters(app, q, { searchParam: 'jo', timezone: 'UTC' })
  const { sql, bindings } = q.orderBy('nameSearch').toKnexQuery().toSQL()
  const plan = app.dialect === 'sqlite'
    ? JSON.stringify(await app.knex.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings))
    : JSON.stringify(await app.knex.raw(`EXPLAIN ${sql}`, bindings))
  t.match(plan, /contacts_company_id_name_search_index/, plan)
  t.notMatch(plan, /TEMP B-TREE|filesort/i, 'the index gives the order too')
})
