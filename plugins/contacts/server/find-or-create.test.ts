import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
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
