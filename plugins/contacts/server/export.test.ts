import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { csvField } from './csv.ts'
import { call } from './test-helpers.ts'

t.test('CSV fields: quoting, doubled quotes, line breaks and formula guard', async (t) => {
  t.equal(csvField('Ana'), 'Ana')
  t.equal(csvField('Silva, Ana'), '"Silva, Ana"')
  t.equal(csvField('Ana "Aninha"'), '"Ana ""Aninha"""')
  t.equal(csvField('linha 1\nlinha 2'), '"linha 1\nlinha 2"')
  t.equal(csvField('=HYPERLINK("http://x")'), '"\'=HYPERLINK(""http://x"")"')
  t.equal(csvField('+55 11'), "'+55 11")
  t.equal(csvField(null), '')
})

t.test('GET /contacts/export streams the company\'s contacts as UTF-8 CSV with a BOM', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  await call(app, 'POST', '/contacts', other.user.headers, { name: 'De Outra Empresa', number: '5511977777777' })
  const people = [
    { name: 'João, o "Zé"', number: '5511911111111', email: 'ze@example.com' },
    { name: 'Ação Ñandú', number: '5511922222222', email: '' },
    { name: '=cmd', number: '5511933333333', email: '' },
  ]
  for (const p of people) t.equal((await call(app, 'POST', '/contacts', c.user.headers, p)).statusCode, 201)
  // Enough rows to need several chunks of the keyset pagination.
  const batch = Array.from({ length: 2100 }, (_, i) => ({ companyId: c.id, name: `Lote ${i}`, nameSearch: `lote ${i}`, number: `55119${String(i).padStart(8, '0')}`, email: '', isGroup: false, createdAt: new Date(), updatedAt: new Date() }))
  for (let i = 0; i < batch.length; i += 400) await app.knex('contacts').insert(batch.slice(i, i + 400))

  const res = await call(app, 'GET', '/contacts/export', c.user.headers)
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/csv; charset=utf-8/)
  t.match(res.headers['content-disposition'], /^attachment; filename="contacts-\d{4}-\d\d-\d\d\.csv"$/)
  const raw = res.rawPayload
  t.same([...raw.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'starts with the UTF-8 BOM')
  const text = raw.subarray(3).toString('utf8')
  const lines = text.split('\r\n')
  t.equal(lines[0], 'name,number,email,createdAt')
  t.equal(lines.length, 1 + 3 + 2100 + 1, 'header, every contact, final CRLF')
  t.match(lines[1], /^"João, o ""Zé""",5511911111111,ze@example.com,\d{4}-/)
  t.match(lines[2], /^Ação Ñandú,5511922222222,,/)
  t.match(lines[3], /^'=cmd,/)
  t.notMatch(text, /De Outra Empresa/, 'only the caller\'s company')
  t.equal(new Set(lines.slice(1, -1).map((l) => l.split(',')[1])).size, 2103, 'no row twice across chunks')

  const filtered = await call(app, 'GET', '/contacts/export?searchParam=lote%2020', c.user.headers)
  t.equal(filtered.rawPayload.subarray(3).toString('utf8').split('\r\n').length, 1 + 1 + 10 + 100 + 1, 'the list filters apply (Lote 20, 200-209, 2000-2099)')
})
