import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, upload } from '../test-helpers.ts'

type Contact = { name: string; number: string; email: string; extraInfo?: Array<{ name: string; value: string }> }
const listed = async (app: Awaited<ReturnType<typeof build>>, headers: { authorization: string }) =>
  ((await call(app, 'GET', '/contacts?pageNumber=1', headers)).json().contacts as Contact[]).map((c) => ({ name: c.name, number: c.number, email: c.email })).sort((a, b) => a.number.localeCompare(b.number))

t.test('the contacts export (CSV) imports back as it is, into another company too', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  for (const [name, number, email] of [['Ana Souza', '5511911110001', 'ana@example.test'], ['=Fórmula, "aspas"', '5511911110002', ''], ['José Ñandú', '5521922220003', 'jose@example.test']]) {
    t.ok((await call(app, 'POST', '/contacts', a.user.headers, { name, number, email })).statusCode < 300, name)
  }
  const exported = await call(app, 'GET', '/contacts/export', a.user.headers)
  t.equal(exported.statusCode, 200)
  const res = await upload(app, '/contacts/import', b.user.headers, 'contacts-2026-11-24.csv', exported.rawPayload)
  t.equal(res.statusCode, 200, res.body)
  t.equal(res.json().newContacts.length, 3)
  t.same(res.json().errorBag, [])
  t.same(await listed(app, b.user.headers), await listed(app, a.user.headers), 'the same names, numbers and emails (accents, quotes and the formula guard undone)')
  const [one] = (await call(app, 'GET', '/contacts?pageNumber=1', b.user.headers)).json().contacts as Array<{ id: number }>
  const extra = (await call(app, 'GET', `/contacts/${one.id}`, b.user.headers)).json().extraInfo as unknown[]
  t.same(extra, [], 'the export\'s createdAt column is not kept as extra info')
  t.equal((await upload(app, '/contacts/import', b.user.headers, 'again.csv', exported.rawPayload)).json().errorBag.length, 3, 'importing again reports the duplicates')
})

t.test('a semicolon CSV from Excel with a BOM, quoted fields and extra columns; bad rows reported by line', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const csv = '\uFEFFNome;Telefone;E-mail;Cidade\r\n"Silva; Maria";(11) 98888-0001;maria@example.test;São Paulo\r\n\r\nSem Número;;x@example.test;Recife\r\nCarlos;5511977770002;nao-e-email;"Rio\nde Janeiro"\r\n'
  const res = await upload(app, '/contacts/import', c.user.headers, 'planilha.CSV', Buffer.from(csv))
  t.equal(res.statusCode, 200, res.body)
  t.match(res.json().newContacts, [{ name: 'Silva; Maria', number: '11988880001', email: 'maria@example.test' }])
  t.match(res.json().errorBag, [{ row: 4, name: 'Sem Número' }, { row: 5, name: 'Carlos', reason: 'emailInvalid' }], 'each bad row with its line')
  const [saved] = (await call(app, 'GET', '/contacts?pageNumber=1', c.user.headers)).json().contacts as Array<{ id: number }>
  t.match((await call(app, 'GET', `/contacts/${saved.id}`, c.user.headers)).json().extraInfo, [{ name: 'Cidade', value: 'São Paulo' }])
})

t.test('a broken CSV or an old .xls is refused with a clear code and nothing is imported', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const broken = await upload(app, '/contacts/import', c.user.headers, 'quebrado.csv', Buffer.from('name,number\r\n"Ana,5511911110001\r\nBia,5511911110002\r\n'))
  t.equal(broken.statusCode, 415)
  t.equal(broken.json().error, 'ERR_UNSUPPORTED_MEDIA_TYPE')
  const xls = await upload(app, '/contacts/import', c.user.headers, 'antigo.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
  t.equal(xls.statusCode, 415)
  t.same(xls.json().details, { accepted: ['.xlsx', '.csv'] }, 'says what is accepted')
  t.equal((await app.knex('contacts').where({ companyId: c.id })).length, 0)
})
