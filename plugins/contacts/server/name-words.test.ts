import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { up } from '../migrations/20261227000001_contact_search_words.ts'
import { nameWords } from './name-words.ts'
import { searchKey } from './normalize.ts'
import { call, upload, xlsx } from './test-helpers.ts'

const words = async (app: FastifyInstance, contactId: number) =>
  ((await app.knex('contactSearchWords').where({ contactId }).orderBy('word')) as Array<{ word: string }>).map((r) => r.word)
const matching = async (app: FastifyInstance, companyId: number, term: string) =>
  ((await app.contacts.idsMatching(companyId, term)) as Array<{ id: number }>).map((r) => Number(r.id)).sort((a, b) => a - b)

t.test('a name\'s words: runs of letters and digits of its search key, each once, long ones cut at 40', async (t) => {
  t.same(nameWords(searchKey('Márcia_Lima-Souza')), ['marcia', 'lima', 'souza'])
  t.same(nameWords(searchKey('100% Peças (loja 2) 100')), ['100', 'pecas', 'loja', '2'])
  t.same(nameWords(searchKey('  ')), [])
  t.same(nameWords('a'.repeat(60)), ['a'.repeat(40)])
  t.same(nameWords(searchKey('Zoë 日本語 Ωmega')), ['zoe', '日本語', 'ωmega'], 'any script\'s letters')
})

t.test('the word index finds exactly the contacts the rule matches: name start or after a space, number prefix', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const people = ['João Silva', 'joana Prado', 'Márcia_Lima', 'Maria-Joana Dias', '100% Peças', 'Marcos', 'Ana Maria de Souza', 'Ana', 'Zoë Ωmega',
    `Dr ${'x'.repeat(45)}`, 'O\'Brien Kelly', '(Loja) Centro', 'silva silva']
  const ids: Array<{ id: number; key: string; number: string }> = []
  for (const [i, name] of people.entries()) {
    const number = `55${i % 2 ? '11' : '21'}9${String(i).padStart(8, '0')}`
    const res = await call(app, 'POST', '/contacts', c.user.headers, { name, number })
    t.equal(res.statusCode, 201, res.body)
    ids.push({ id: res.json().id, key: searchKey(name), number })
  }
  const rule = (term: string) => {
    const key = searchKey(term)
    const digits = /^[\d\s()+.-]+$/.test(term) ? term.replace(/\D/g, '') : ''
    return ids.filter((p) => p.key.startsWith(key) || p.key.includes(` ${key}`) || (digits !== '' && p.number.startsWith(digits))).map((p) => p.id).sort((a, b) => a - b)
  }
  const terms = ['jo', 'JOÃO', 'joao s', 'joao silva', 'silva', 'ilva', 'joana', 'maria', 'maria-jo', 'marcia_', 'marcia_lima', 'lima', '100%', '100', '1%',
    'm_', 'm*', 'ana maria', 'ana m', 'maria de souza', 'de', 'zoe', 'ωm', `dr ${'x'.repeat(45)}`, `${'x'.repeat(41)}`, 'o\'b', 'brien', '(loja', 'loja',
    'centro', '5511', '+55 (21)', '55219', '-', '+', 'silva silva', 'a', 'z', 'q']
  for (const term of terms) t.same(await matching(app, c.id, term), rule(term), `"${term}"`)
  t.ok(rule('ana').length === 2 && rule('5511').length > 3, 'the terms do match contacts')
})

t.test('the index follows every way a contact is named: form, rename, first real name, batches, import; deletion takes its words', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const created = (await call(app, 'POST', '/contacts', c.user.headers, { name: 'Ana Souza', number: '5511911110000' })).json()
  t.same(await words(app, created.id), ['ana', 'souza'], 'the form')
  t.equal((await call(app, 'PUT', `/contacts/${created.id}`, c.user.headers, { name: 'Bia Lima' })).statusCode, 200)
  t.same(await words(app, created.id), ['bia', 'lima'], 'a rename replaces them')
  t.same(await matching(app, c.id, 'souza'), [], 'the old name is no longer found')
  t.same(await matching(app, c.id, 'lima'), [created.id])

  const first = await app.contacts.findOrCreateContact(c.id, { number: '5511922220000' })
  t.same(await words(app, first.contact.id), ['5511922220000'], 'a contact first seen without a name is named after its number')
  await app.contacts.findOrCreateContact(c.id, { number: '5511922220000', name: 'Carla Dias' })
  t.same(await words(app, first.contact.id), ['carla', 'dias'], 'its first real name replaces them')

  const batch = await app.contacts.findOrCreateContacts([
    { companyId: c.id, input: { number: '5511933330000', name: 'Davi Rocha' } },
    { companyId: c.id, input: { number: '5511944440000', name: 'Eva' } },
  ])
  const batchIds = batch.map((o) => ('contact' in o ? o.contact.id : 0))
  t.same(await Promise.all(batchIds.map((id) => words(app, id))), [['davi', 'rocha'], ['eva']], 'the pipeline\'s batches')

  const res = await upload(app, '/contacts/import', c.user.headers, 'contatos.xlsx', await xlsx([['Nome', 'Número'], ['Fábio Nunes', '5511955550000']]))
  t.equal(res.statusCode, 200, res.body)
  t.same(await words(app, res.json().newContacts[0].id), ['fabio', 'nunes'], 'an import')
  t.same(await matching(app, c.id, 'fab'), [res.json().newContacts[0].id])

  t.equal((await call(app, 'DELETE', `/contacts/${created.id}`, c.admin.headers)).statusCode, 204)
  t.same(await words(app, created.id), [], 'deleting a contact deletes its words')
})

t.test('one company\'s words never match another company\'s contacts', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const ana = (await call(app, 'POST', '/contacts', a.user.headers, { name: 'Ana Souza', number: '5511911110000' })).json()
  const anaB = (await call(app, 'POST', '/contacts', b.user.headers, { name: 'Ana Souza', number: '5511911110000' })).json()
  t.same(await matching(app, a.id, 'souza'), [ana.id])
  t.same(await matching(app, b.id, 'ana s'), [anaB.id])
  t.same(await matching(app, b.id, '5511'), [anaB.id])
})

t.test('the migration indexes the contacts an install already has', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const now = new Date()
  const rows = Array.from({ length: 1203 }, (_, i) => ({ companyId: c.id, name: `Pessoa ${i} Silva`, nameSearch: `pessoa ${i} silva`, number: `5511${String(i).padStart(9, '0')}`, email: '', isGroup: false, createdAt: now, updatedAt: now }))
  for (let i = 0; i < rows.length; i += 400) await app.knex('contacts').insert(rows.slice(i, i + 400))
  await app.knex.schema.dropTable('contact_search_words')
  await up(app.knex)
  t.equal(Number((await app.knex('contactSearchWords').count({ n: '*' }))[0].n), 1203 * 3, 'three words each, in batches past the first thousand')
  t.equal((await matching(app, c.id, 'pessoa 1202')).length, 1)
  t.equal((await matching(app, c.id, 'silva')).length, 1203)
})
