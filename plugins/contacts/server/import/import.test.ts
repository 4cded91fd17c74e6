import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, capturePublished, upload, xlsx } from '../test-helpers.ts'

const count = async (app: Awaited<ReturnType<typeof build>>, companyId: number) => (await app.knex('contacts').where({ companyId })).length

t.test('an .xlsx imports good rows and reports each bad one with its reason', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await call(app, 'POST', '/contacts', c.user.headers, { name: 'Já Existe', number: '5511900000001' })
  const published = capturePublished(app)
  const file = await xlsx([
    ['Nome', 'Número', 'E-mail', 'Cidade'],
    ['Ana', '(11) 91111-1111', 'ana@example.com', 'Recife'],
    ['Bruno', 5511922222222, '', ''],
    ['', '5511933333333', null, null],
    ['Carla', '', 'carla@example.com', ''],
    ['Duda', '123', '', ''],
    ['Eva', '5511944444444', 'not-an-email', ''],
    ['F'.repeat(51), '5511955555555', '', ''],
    ['Gil', '5511900000001', '', ''],
    ['Ana de novo', '11 91111-1111', '', ''],
    [null, null, null, null],
    ['Hugo', { text: '5511966666666', hyperlink: 'tel:5511966666666' }, { richText: [{ text: 'hugo@' }, { text: 'example.com' }] }, ''],
  ])
  const res = await upload(app, '/contacts/import', c.user.headers, 'contatos.xlsx', file)
  t.equal(res.statusCode, 200, res.body)
  const { newContacts, errorBag } = res.json()
  t.same(newContacts.map((x: { name: string }) => x.name), ['Ana', 'Bruno', '5511933333333', 'Hugo'])
  t.match(newContacts[3], { number: '5511966666666', email: 'hugo@example.com' })
  t.same(errorBag.map((e: { row: number; reason: string }) => [e.row, e.reason]), [
    [5, 'numberMissing'], [6, 'numberInvalid'], [7, 'emailInvalid'], [8, 'nameTooLong'], [9, 'duplicated'], [10, 'duplicatedInFile'],
  ])
  t.match(errorBag[0], { name: 'Carla', number: '', message: /missing/ })
  t.equal(await count(app, c.id), 5)
  const ana = (await call(app, 'GET', `/contacts/${newContacts[0].id}`, c.user.headers)).json()
  t.same(ana.extraInfo.map((f: { name: string; value: string }) => [f.name, f.value]), [['Cidade', 'Recife']], 'other columns become extra info')
  t.same(published.filter((p) => p.topic === 'contact').map((p) => p.data), [{ action: 'import', count: 4 }], 'one realtime event for the import')
  t.same(await app.knex('contacts').where({ companyId: c.id }).whereNull('nameSearch'), [])
})

t.test('a sheet without a header row is read by position (name, number, email)', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await upload(app, '/contacts/import', c.user.headers, 'plain.xlsx', await xlsx([['Ana', '5511911111111'], ['Bia', '5511922222222', 'bia@example.com']]))
  t.same(res.json().newContacts.map((x: { name: string; email: string }) => [x.name, x.email]), [['Ana', ''], ['Bia', 'bia@example.com']])
})

t.test('a bad file is refused whole and writes nothing', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const good = await xlsx([['name', 'number'], ['Ana', '5511911111111']])
  const cases: Array<[string, Buffer, number]> = [
    ['contatos.ods', Buffer.from('name,number\nAna,5511911111111\n'), 415],
    ['contatos.xls', good, 415],
    ['contatos.xlsx', Buffer.from('name,number\nAna,5511911111111\n'), 415],
    ['truncated.xlsx', good.subarray(0, Math.floor(good.length * 0.6)), 415],
  ]
  for (const [name, data, status] of cases) {
    const res = await upload(app, '/contacts/import', c.user.headers, name, data)
    t.equal(res.statusCode, status, `${name}: ${res.body.slice(0, 100)}`)
    t.match(res.json().error, /^ERR_/)
  }
  const none = await app.inject({ method: 'POST', url: '/api/contacts/import', headers: { ...c.user.headers, 'content-type': 'multipart/form-data; boundary=zz' }, payload: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zz--\r\n' })
  t.equal(none.json().error, 'ERR_VALIDATION', 'a form without a file')
  t.equal(await count(app, c.id), 0, 'nothing written')
  t.same(await app.storage.list(c.id), [], 'no uploaded file is kept')
})

t.test('/contacts/upload imports rows sent as JSON', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await call(app, 'POST', '/contacts/upload', c.user.headers, {
    rows: [{ name: 'Ana', number: '5511911111111', email: 'ana@example.com', Empresa: 'ACME' }, { Nome: 'Bia', Numero: 5511922222222 }, { name: 'Sem número' }, { name: 'Ana 2', number: '5511911111111' }],
  })
  t.equal(res.statusCode, 200, res.body)
  t.same(res.json().newContacts.map((x: { name: string }) => x.name), ['Ana', 'Bia'])
  t.same(res.json().errorBag.map((e: { row: number; reason: string }) => [e.row, e.reason]), [[3, 'numberMissing'], [4, 'duplicatedInFile']])
  const ana = (await call(app, 'GET', `/contacts/${res.json().newContacts[0].id}`, c.user.headers)).json()
  t.same(ana.extraInfo.map((f: { name: string }) => f.name), ['Empresa'])
  t.equal((await call(app, 'POST', '/contacts/upload', c.user.headers, { rows: 'x' })).json().error, 'ERR_VALIDATION')
})
