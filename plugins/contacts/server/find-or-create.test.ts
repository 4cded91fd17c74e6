import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, statementByStatement } from '@zapdesk/plugin-api/testing'
import { findOrCreateContact } from '../public.ts'
import { capturePublished } from './test-helpers.ts'

t.test('findOrCreateContact creates one contact under concurrency', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const published = capturePublished(app)
  const results = await Promise.all(Array.from({ length: 25 }, (_, i) =>
    findOrCreateContact(app, c.id, { number: '5511987654321@s.whatsapp.net', name: i % 2 ? 'Maria' : undefined, isGroup: false })))
  t.equal(new Set(results.map((r) => r.contact.id)).size, 1, 'every caller got the same contact')
  t.equal(results.filter((r) => r.created).length, 1, 'created exactly once')
  t.equal((await app.knex('contacts').where({ companyId: c.id })).length, 1)
  t.equal(published.filter((p) => p.topic === 'contact' && p.data.action === 'create').length, 1)
})

t.test('one person seen by number and by LID is one contact', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const byLid = await findOrCreateContact(app, c.id, { lid: '123456789@lid', name: '' })
  t.match(byLid, { created: true, contact: { number: null, lid: '123456789@lid', name: '123456789' } })
  const both = await findOrCreateContact(app, c.id, { number: '5511911112222', lid: '123456789@lid', name: 'Ana' })
  t.equal(both.contact.id, byLid.contact.id, 'found by LID')
  t.match(both.contact, { number: '5511911112222', name: 'Ana' }, 'the number and the first real name filled in')
  const byNumber = await findOrCreateContact(app, c.id, { number: '5511911112222', name: 'Ana Maria' })
  t.equal(byNumber.contact.id, byLid.contact.id)
  t.equal(byNumber.contact.name, 'Ana', 'a known name is not overwritten by a push name')

  const group = await findOrCreateContact(app, c.id, { number: '120363025246125486@g.us', name: 'Equipe', isGroup: true })
  t.match(group.contact, { isGroup: true, number: '120363025246125486', name: 'Equipe' })
  const other = await createCompanyWithUsers(app)
  const elsewhere = await findOrCreateContact(app, other.id, { number: '5511911112222', name: 'Ana' })
  t.not(elsewhere.contact.id, byLid.contact.id, 'companies never share contacts')
  await t.rejects(findOrCreateContact(app, c.id, { name: 'Ninguém' }), /number or a LID/)
})

t.test('two rows for one person stay apart rather than failing', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const a = await findOrCreateContact(app, c.id, { number: '5511933334444', name: 'Por número' })
  const b = await findOrCreateContact(app, c.id, { lid: '999@lid', name: 'Por LID' })
  const both = await findOrCreateContact(app, c.id, { number: '5511933334444', lid: '999@lid', name: 'X' })
  t.equal(both.contact.id, a.contact.id, 'the row found by number wins')
  t.equal(both.contact.lid, null, 'the LID stays with the other row (unique), no error')
  t.not(b.contact.id, a.contact.id)
})

t.test('a batch of new contacts is written with its name words, in one script or statement by statement', async (t) => {
  for (const path of ['as the database allows', 'statement by statement'] as const) {
    const app = await build(t)
    if (path === 'statement by statement') statementByStatement(app)
    const a = await createCompanyWithUsers(app)
    const b = await createCompanyWithUsers(app)
    const known = await findOrCreateContact(app, a.id, { number: '5511900001111', name: 'Já Conhecida' })
    const batch = await app.contacts.findOrCreateContacts([
      { companyId: a.id, input: { number: '5511900002222', name: 'Davi Rocha' } },
      { companyId: b.id, input: { number: '5511900002222', name: 'Eva Lima' } },
      { companyId: a.id, input: { number: '5511900001111', name: 'Outro Nome' } },
      { companyId: a.id, input: { lid: '4455@lid', name: 'Só LID' } },
    ])
    const ids = batch.map((o) => ('contact' in o ? o.contact.id : 0))
    t.same(batch.map((o) => ('contact' in o ? o.created : 'error')), [true, true, false, true], `${path}: which were created`)
    t.equal(ids[2], known.contact.id, `${path}: a known contact is found`)
    const rows = await app.knex('contacts').whereIn('id', ids).select('id', 'companyId', 'number', 'lid', 'name')
    const byId = new Map(rows.map((r) => [Number(r.id), r]))
    t.match([ids[0], ids[1], ids[3]].map((id) => byId.get(id)), [
      { companyId: a.id, number: '5511900002222', name: 'Davi Rocha' },
      { companyId: b.id, number: '5511900002222', name: 'Eva Lima' },
      { companyId: a.id, lid: '4455@lid', name: 'Só LID' },
    ], `${path}: each id answered is its own contact's`)
    const words = async (id: number) => (await app.knex('contactSearchWords').where({ contactId: id }).orderBy('word').select('word', 'companyId'))
    t.same(await words(ids[0]), [{ word: 'davi', companyId: a.id }, { word: 'rocha', companyId: a.id }], `${path}: the words of the first`)
    t.same(await words(ids[1]), [{ word: 'eva', companyId: b.id }, { word: 'lima', companyId: b.id }], `${path}: the words of another company's`)
    t.same(await words(ids[3]), [{ word: 'lid', companyId: a.id }, { word: 'so', companyId: a.id }], `${path}: the words of a LID-only contact`)
  }
})

t.test('two batches racing to create the same contacts write each once, with its words once', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const shared = ['5511900003333', '5511900004444']
  const batch = (own: string) => app.contacts.findOrCreateContacts([...shared, own].map((number) => ({ companyId: c.id, input: { number, name: `Nome ${number.slice(-4)}` } })))
  const [one, two] = await Promise.all([batch('5511900005555'), batch('5511900006666')])
  const idsOf = (out: typeof one) => out.map((o) => ('contact' in o ? o.contact.id : 0))
  t.same(idsOf(one).slice(0, 2), idsOf(two).slice(0, 2), 'both batches answer the same contacts')
  for (let i = 0; i < shared.length; i++) {
    t.equal([one[i], two[i]].filter((o) => 'contact' in o && o.created).length, 1, `${shared[i]} created by one batch`)
  }
  t.equal((await app.knex('contacts').where({ companyId: c.id })).length, 4, 'one row a number')
  const words = await app.knex('contactSearchWords').whereIn('contactId', [...idsOf(one), ...idsOf(two)]).select('contactId', 'word')
  t.equal(words.length, 8, 'two words a contact, none twice')
})
