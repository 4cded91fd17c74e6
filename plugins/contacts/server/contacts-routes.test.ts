import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, capturePublished } from './test-helpers.ts'

t.test('create, show, update and delete a contact, with realtime and domain events', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const published = capturePublished(app)
  const events: string[] = []
  for (const name of ['contact.created', 'contact.updated', 'contact.deleted'] as const) app.events.on(name, () => void events.push(name))

  const created = await call(app, 'POST', '/contacts', c.user.headers, { name: '  Maria  Souza ', number: '(11) 98765-4321', email: 'maria@example.com', extraInfo: [{ name: 'CPF', value: '123' }] })
  t.equal(created.statusCode, 201, created.body)
  const contact = created.json()
  t.match(contact, { name: 'Maria Souza', number: '11987654321', email: 'maria@example.com', isGroup: false, lid: null, companyId: c.id })
  t.same(contact.extraInfo.map((f: { name: string; value: string }) => [f.name, f.value]), [['CPF', '123']])

  const shown = (await call(app, 'GET', `/contacts/${contact.id}`, c.user.headers)).json()
  t.equal(shown.extraInfo.length, 1)

  const updated = await call(app, 'PUT', `/contacts/${contact.id}`, c.user.headers, { name: 'Maria S.', extraInfo: [{ name: 'Cidade', value: 'Recife' }, { name: 'Plano', value: 'Ouro' }] })
  t.equal(updated.statusCode, 200, updated.body)
  t.equal(updated.json().name, 'Maria S.')
  t.equal(updated.json().number, '11987654321', 'an update without number keeps it')
  t.same(updated.json().extraInfo.map((f: { name: string }) => f.name), ['Cidade', 'Plano'], 'extraInfo replaced')

  t.equal((await call(app, 'DELETE', `/contacts/${contact.id}`, c.user.headers)).statusCode, 403, 'agents may not delete contacts')
  const del = await call(app, 'DELETE', `/contacts/${contact.id}`, c.admin.headers)
  t.equal(del.statusCode, 204)
  t.equal((await call(app, 'GET', `/contacts/${contact.id}`, c.admin.headers)).json().error, 'ERR_NO_CONTACT_FOUND')
  t.equal((await app.knex('contactCustomFields').where({ contactId: contact.id })).length, 0, 'extra info goes with the contact')

  await app.events.idle()
  t.same(events, ['contact.created', 'contact.updated', 'contact.deleted'])
  t.same(published.filter((p) => p.topic === 'contact').map((p) => [p.companyId, p.data.action]), [[c.id, 'create'], [c.id, 'update'], [c.id, 'delete']])
  t.equal(published.find((p) => p.data.action === 'delete')?.data.contactId, contact.id)
})

t.test('validation: spec bounds, digits, unique number per company (in the database)', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const post = (body: object, who = c.user) => call(app, 'POST', '/contacts', who.headers, body)

  for (const [body, field] of [
    [{ name: 'M', number: '11987654321' }, 'name'], [{ name: 'x'.repeat(51), number: '11987654321' }, 'name'],
    [{ name: 'Maria', number: '1234567' }, 'number'], [{ name: 'Maria', number: 'x'.repeat(51) }, 'number'],
    [{ name: 'Maria', number: '11987654321', email: 'nope' }, 'email'], [{ number: '11987654321' }, 'name'],
  ] as const) {
    const res = await post(body)
    t.equal(res.statusCode, 400, `${JSON.stringify(body).slice(0, 60)} refused`)
    t.equal(res.json().error, 'ERR_VALIDATION')
    t.match(JSON.stringify(res.json().details), field)
  }
  t.equal((await post({ name: 'Maria', number: '(11) 9876-5' })).json().error, 'ERR_VALIDATION', 'fewer than 8 digits (8 characters with the mask)')
  t.equal((await post({ name: 'Maria', number: '1234567890123456' })).json().error, 'ERR_VALIDATION', 'more than 15 digits')

  t.equal((await post({ name: 'Maria', number: '+55 (11) 98765-4321' })).statusCode, 201)
  const dup = await post({ name: 'Outra', number: '5511987654321' })
  t.equal(dup.statusCode, 409)
  t.equal(dup.json().error, 'ERR_DUPLICATED_CONTACT', 'same digits, other formatting')
  t.equal((await post({ name: 'Maria', number: '5511987654321' }, other.user)).statusCode, 201, 'another company may have the same number')

  const second = (await post({ name: 'Joana', number: '5511900000000' })).json()
  const clash = await call(app, 'PUT', `/contacts/${second.id}`, c.user.headers, { number: '5511987654321' })
  t.equal(clash.json().error, 'ERR_DUPLICATED_CONTACT', 'an update onto a taken number is refused')
  await t.rejects(app.knex('contacts').insert({ companyId: c.id, name: 'Raw', nameSearch: 'raw', number: '5511900000000', email: '' }), 'the database itself refuses a duplicate')
})

t.test('/contacts/list: the caller\'s company only', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  for (const name of ['Zeca', 'Ana']) await call(app, 'POST', '/contacts', c.user.headers, { name, number: `5511${name === 'Ana' ? '1' : '2'}2345678` })
  const list = await call(app, 'GET', `/contacts/list?companyId=${c.id}`, c.user.headers)
  t.same(list.json().map((x: { name: string }) => x.name), ['Ana', 'Zeca'])
  t.equal((await call(app, 'GET', `/contacts/list?companyId=${other.id}`, c.user.headers)).statusCode, 403)
  t.same((await call(app, 'GET', '/contacts/list', other.user.headers)).json(), [])
})
