import t from 'tap'
import ExcelJS from 'exceljs'
import * as XLSX from '@e965/xlsx'
import { build, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection, upload, waitFor } from '../test-helpers.ts'

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  wb.addWorksheet('Contatos').addRows(rows)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
function xls(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos')
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' })
}

t.test('contact lists: create with the spec\'s bounds, search, rename, count, delete; admins only', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (const name of ['', 'a', ' ', 'x'.repeat(51)]) {
    t.equal((await call(app, 'POST', '/contact-lists', c.admin.headers, { name })).json().error, 'ERR_VALIDATION', `name "${name.slice(0, 5)}" refused`)
  }
  const vip = (await call(app, 'POST', '/contact-lists', c.admin.headers, { name: ' Clientes VIP ' })).json()
  t.match(vip, { name: 'Clientes VIP', contactsCount: 0, companyId: c.id })
  await call(app, 'POST', '/contact-lists', c.admin.headers, { name: 'Leads' })
  t.equal((await call(app, 'POST', '/contact-lists', c.user.headers, { name: 'Agente' })).statusCode, 403, 'agents are refused')
  t.same((await call(app, 'GET', '/contact-lists?searchParam=VIP', c.admin.headers)).json().records.map((l: { name: string }) => l.name), ['Clientes VIP'])
  t.same((await call(app, 'GET', '/contact-lists/list', c.admin.headers)).json(), [{ id: vip.id + 1, name: 'Leads' }, { id: vip.id, name: 'Clientes VIP' }].sort((a, b) => a.name.localeCompare(b.name)))
  await call(app, 'POST', '/contact-list-items', c.admin.headers, { name: 'Ana', number: '5511911110001', contactListId: vip.id })
  t.equal((await call(app, 'GET', `/contact-lists/${vip.id}`, c.admin.headers)).json().contactsCount, 1)
  t.equal((await call(app, 'PUT', `/contact-lists/${vip.id}`, c.admin.headers, { name: 'VIP 2026' })).json().name, 'VIP 2026')
  t.equal((await call(app, 'DELETE', `/contact-lists/${vip.id}`, c.admin.headers)).statusCode, 204)
  t.equal((await call(app, 'GET', `/contact-lists/${vip.id}`, c.admin.headers)).json().error, 'ERR_NO_CONTACT_LIST_FOUND')
  t.equal((await app.knex('contactListItems').where({ contactListId: vip.id })).length, 0, 'its contacts went with it')
})

t.test('list contacts: the spec\'s validation, numbers kept as digits and checked on WhatsApp when a connection is up', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const list = (await call(app, 'POST', '/contact-lists', c.admin.headers, { name: 'Clientes' })).json()
  const unchecked = (await call(app, 'POST', '/contact-list-items', c.admin.headers, { name: 'Sem conexão', number: '5511911110001', contactListId: list.id, companyId: c.id })).json()
  t.equal(unchecked.isWhatsappValid, null, 'no connection up: not checked')
  await sandboxConnection(app, c.admin.headers)
  const bad = [
    { name: 'A', contactListId: list.id }, { name: 'x'.repeat(51), contactListId: list.id }, { name: 'Ana', number: '1234567', contactListId: list.id },
    { name: 'Ana', number: 'abcdefghi', contactListId: list.id }, { name: 'Ana', email: 'ana@', contactListId: list.id }, { name: 'Ana' },
  ]
  for (const body of bad) t.equal((await call(app, 'POST', '/contact-list-items', c.admin.headers, body)).json().error, 'ERR_VALIDATION', JSON.stringify(body).slice(0, 50))
  const ana = (await call(app, 'POST', '/contact-list-items', c.admin.headers, { name: 'Ana', number: '+55 (11) 91111-0002', email: 'ANA@example.test', contactListId: list.id })).json()
  t.match(ana, { number: '5511911110002', email: 'ana@example.test', isWhatsappValid: true })
  const short = (await call(app, 'POST', '/contact-list-items', c.admin.headers, { name: 'Fixo', number: '3333-4444', contactListId: list.id })).json()
  t.equal(short.isWhatsappValid, false, 'a number the channel does not know is marked off WhatsApp')
  const noNumber = (await call(app, 'POST', '/contact-list-items', c.admin.headers, { name: 'Sem número', contactListId: list.id })).json()
  t.match(noNumber, { number: '', isWhatsappValid: false }, 'the spec lets the number out; such a contact gets no campaign')
  const moved = await call(app, 'PUT', `/contact-list-items/${unchecked.id}`, c.admin.headers, { number: '5511911110009' })
  t.match(moved.json(), { number: '5511911110009', isWhatsappValid: true }, 'a changed number is checked again')
  const page = (await call(app, 'GET', `/contact-list-items?contactListId=${list.id}&searchParam=ana`, c.admin.headers)).json()
  t.same(page.contacts.map((i: { name: string }) => i.name), ['Ana'])
  t.equal((await call(app, 'GET', '/contact-list-items', c.admin.headers)).json().error, 'ERR_VALIDATION', 'the list is required')
  t.equal((await call(app, 'DELETE', `/contact-list-items/${ana.id}`, c.admin.headers)).statusCode, 204)
  t.equal((await call(app, 'GET', `/contact-list-items/${ana.id}`, c.admin.headers)).json().error, 'ERR_NO_CONTACT_LIST_ITEM_FOUND')
})

t.test('import: .xlsx and .xls; good rows land in one go, each bad row comes back with its line and reason', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const list = (await call(app, 'POST', '/contact-lists', c.admin.headers, { name: 'Importados' })).json()
  await call(app, 'POST', '/contact-list-items', c.admin.headers, { name: 'Já na lista', number: '5511900000009', contactListId: list.id })
  const rows = [
    ['Nome', 'Número', 'E-mail'],
    ['Ana', '(11) 91111-0001', 'ana@example.test'],
    ['', '5511911110002', ''],
    ['Sem número', '', ''],
    ['Curto', '1234', ''],
    ['Ana de novo', '11 91111-0001', ''],
    ['Email ruim', '5511911110003', 'nao-e-email'],
    ['Já existe', '5511900000009', ''],
    ['B', '5511911110004', ''],
  ]
  const res = await upload(app, `/contact-lists/${list.id}/upload`, c.admin.headers, 'contatos.xlsx', await xlsx(rows))
  t.equal(res.statusCode, 200, res.body)
  t.equal(res.json().added, 2)
  t.same(res.json().errors.map((e: { line: number; reason: string }) => [e.line, e.reason]), [
    [4, 'numberMissing'], [5, 'numberInvalid'], [6, 'duplicatedInFile'], [7, 'emailInvalid'], [8, 'duplicatedInList'], [9, 'nameTooShort'],
  ])
  const names = async () => (await call(app, 'GET', `/contact-list-items?contactListId=${list.id}`, c.admin.headers)).json().contacts.map((i: { name: string; number: string }) => `${i.name}:${i.number}`)
  t.same(await names(), ['11911110001:11911110001'.replace('11911110001:', 'Ana:'), '5511911110002:5511911110002', 'Já na lista:5511900000009'].sort())
  const old = await upload(app, `/contact-lists/${list.id}/upload`, c.admin.headers, 'antiga.xls', xls([['Carla', '5521922220001', 'carla@example.test']]))
  t.match(old.json(), { added: 1, errors: [] }, 'an Excel 97-2003 file without header: name, number, email')
  t.equal((await upload(app, `/contact-lists/${list.id}/upload`, c.admin.headers, 'lista.csv', Buffer.from('a,b'))).statusCode, 415)
  const fake = await upload(app, `/contact-lists/${list.id}/upload`, c.admin.headers, 'falsa.xlsx', Buffer.from('not a zip'))
  t.equal(fake.json().error, 'ERR_UNSUPPORTED_MEDIA_TYPE')
  t.equal((await names()).length, 4, 'a refused file writes nothing')
  const example = await app.inject({ method: 'GET', url: '/api/contact-lists/example.xlsx?lang=en' })
  t.equal(example.statusCode, 200, 'the example spreadsheet needs no sign-in')
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(example.rawPayload as unknown as ArrayBuffer)
  t.same(book.worksheets[0].getRow(1).values, [undefined, 'Name', 'Number', 'Email'])
  const back = await upload(app, `/contact-lists/${list.id}/upload`, c.admin.headers, 'exemplo.xlsx', example.rawPayload)
  t.equal(back.statusCode, 200, `the example uploads: ${back.body.slice(0, 300)}`)
  t.equal(back.json().added, 2, 'the example imports as it is')
})

t.test('imported numbers are checked on WhatsApp in the background, one at a time', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await sandboxConnection(app, c.admin.headers)
  const list = (await call(app, 'POST', '/contact-lists', c.admin.headers, { name: 'Checados' })).json()
  await upload(app, `/contact-lists/${list.id}/upload`, c.admin.headers, 'c.xlsx', await xlsx([['Ana', '5511911110001'], ['Fixo', '+1 (11) 3333-44'], ['Bia', '5511911110002']]))
  const checked = await waitFor(async () => {
    const items = (await call(app, 'GET', `/contact-list-items?contactListId=${list.id}`, c.admin.headers)).json().contacts as Array<{ name: string; isWhatsappValid: boolean | null }>
    return items.every((i) => i.isWhatsappValid !== null) ? items : null
  }, 10_000, 'numbers checked')
  t.same(checked.map((i) => [i.name, i.isWhatsappValid]), [['Ana', true], ['Bia', true], ['Fixo', false]])
})

t.test('a 10,000-row sheet with bad rows imports its good rows in seconds', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const list = (await call(app, 'POST', '/contact-lists', c.admin.headers, { name: 'Grande' })).json()
  const rows: unknown[][] = [['Nome', 'Numero', 'Email']]
  for (let i = 0; i < 10_000; i++) rows.push([`Cliente ${i}`, i % 100 === 7 ? 'sem' : `55119${String(10_000_000 + i)}`, i % 250 === 3 ? 'x@' : ''])
  const started = Date.now()
  const res = await upload(app, `/contact-lists/${list.id}/upload`, c.admin.headers, 'grande.xlsx', await xlsx(rows))
  const ms = Date.now() - started
  t.equal(res.statusCode, 200)
  t.equal(res.json().added, 10_000 - 100 - 40)
  t.equal(res.json().errors.length, 140)
  t.match(res.json().errors.slice(0, 2), [{ line: 5, reason: 'emailInvalid' }, { line: 9, reason: 'numberInvalid' }])
  t.ok(ms < 30_000, `${ms} ms`)
  t.equal((await call(app, 'GET', `/contact-lists/${list.id}`, c.admin.headers)).json().contactsCount, 9860)
})
