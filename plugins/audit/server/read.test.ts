import t from 'tap'
import { build, createCompanyWithUsers, createSuper } from '@zapdesk/plugin-api/testing'
import { addDays, localParts } from '@zapdesk/plugin-api'
import { call, entries } from './test-support.ts'

/** Two companies whose admins each made one change, and a super user. */
async function world(t: Parameters<typeof build>[0]) {
  const app = await build(t, { startJobs: false })
  const a = await createCompanyWithUsers(app, { name: 'Alfa' })
  const b = await createCompanyWithUsers(app, { name: 'Beta' })
  const sup = await createSuper(app)
  await call(app, 'PUT', `/users/${a.user.id}`, a.admin.headers, { name: 'Agente Alfa' })
  await call(app, 'PUT', `/users/${b.user.id}`, b.admin.headers, { name: 'Agente Beta' })
  await app.audit.idle()
  return { app, a, b, sup }
}

t.test('isolation: an admin reads only the company\'s entries, by any filter and in the export; a super user reads both', async (t) => {
  const { app, a, b, sup } = await world(t)
  const mine = await entries(app, b.admin.headers)
  t.same(mine.map((e) => e.label), ['Agente Beta'])
  t.notOk('companyName' in mine[0], 'an admin is not told company names')
  for (const q of ['?search=Alfa', `?userId=${a.admin.id}`, `?companyId=${a.id}`, '?kind=users&action=updated']) {
    const res = await call(app, 'GET', `/audit${q}`, b.admin.headers)
    t.notOk(res.body.includes('Alfa'), `${q}: nothing of company A (${res.statusCode})`)
    t.ok(res.statusCode === 200 || res.statusCode === 403 || res.statusCode === 404, q)
  }
  t.equal((await call(app, 'GET', `/audit?companyId=${a.id}`, b.admin.headers)).json().error, 'ERR_NO_PERMISSION')
  t.equal((await call(app, 'GET', `/audit?userId=${a.admin.id}`, b.admin.headers)).json().error, 'ERR_AUDIT_NO_USER')
  const csv = await call(app, 'GET', '/audit/export.csv', b.admin.headers)
  t.equal(csv.statusCode, 200)
  t.match(csv.headers['content-type'], /text\/csv/)
  t.ok(csv.body.includes('Agente Beta') && !csv.body.includes('Alfa'), 'the export too')
  t.equal((await call(app, 'GET', `/audit/export.csv?companyId=${a.id}`, b.admin.headers)).statusCode, 403)
  t.same((await call(app, 'GET', '/audit/actors', b.admin.headers)).json(), [{ userId: b.admin.id, userName: 'Admin' }])
  t.equal((await call(app, 'GET', '/audit', b.user.headers)).statusCode, 403, 'agents: 403')
  t.equal((await call(app, 'GET', '/audit/export.csv', b.user.headers)).statusCode, 403)

  const all = await entries(app, sup.headers)
  t.same(all.map((e) => [e.label, e.companyName]).sort(), [['Agente Alfa', 'Alfa'], ['Agente Beta', 'Beta']])
  t.same((await entries(app, sup.headers, `?companyId=${a.id}`)).map((e) => e.label), ['Agente Alfa'])
  const supCsv = (await call(app, 'GET', '/audit/export.csv', sup.headers)).body
  t.ok(supCsv.includes('Alfa') && supCsv.includes('Beta'), 'the super user\'s export has both, with company names')
  t.match(supCsv.split('\r\n')[0], /^\uFEFFat,company,user,ip/)
})

t.test('append-only: no route changes or deletes an entry', async (t) => {
  const { app, a } = await world(t)
  const [entry] = await entries(app, a.admin.headers)
  for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
    for (const url of [`/audit/${entry.id}`, '/audit']) {
      t.equal((await call(app, method, url, a.admin.headers, method === 'DELETE' ? undefined : { label: 'x' })).statusCode, 404, `${method} ${url}`)
    }
  }
  t.same((await entries(app, a.admin.headers)).map((e) => e.id), [entry.id], 'still there, unchanged')
})

t.test('filters: who, what, when, search; bad filters are 400 with a code', async (t) => {
  const { app, a, sup } = await world(t)
  await call(app, 'POST', '/queue', a.admin.headers, { name: 'Vendas', color: '#00AA00' })
  await app.audit.idle()
  t.same((await entries(app, a.admin.headers, '?kind=queues')).map((e) => e.label), ['Vendas'])
  t.same((await entries(app, a.admin.headers, '?action=created')).map((e) => e.kind), ['queues'])
  t.equal((await entries(app, a.admin.headers, `?userId=${a.admin.id}`)).length, 2)
  t.same((await entries(app, a.admin.headers, '?search=vend')).map((e) => e.label), ['Vendas'])
  t.same(await entries(app, a.admin.headers, '?search=%25'), [], 'a typed wildcard matches itself')
  // Days are the company's: between 21:00 and 24:00 in São Paulo its today is not UTC's.
  const { timezone } = await app.knex('companies').where({ id: a.id }).first('timezone')
  const today = localParts(Date.now(), timezone).day
  t.equal((await entries(app, a.admin.headers, `?from=${today}&to=${today}`)).length, 2)
  t.same(await entries(app, a.admin.headers, `?from=${addDays(today, 1)}`), [], 'nothing yet on the company\'s tomorrow')
  t.same(await entries(app, a.admin.headers, '?from=2020-01-01&to=2020-12-31'), [])
  t.equal((await entries(app, a.admin.headers, `?from=${new Date(Date.now() - 60_000).toISOString()}`)).length, 2, 'a moment works too')

  const bad: [string, string][] = [
    ['?kind=tickets', 'ERR_VALIDATION'], ['?action=read', 'ERR_VALIDATION'], ['?userId=abc', 'ERR_VALIDATION'], ['?pageNumber=0', 'ERR_VALIDATION'],
    ['?from=2026-02-31', 'ERR_AUDIT_BAD_DATE'], ['?from=yesterday!', 'ERR_AUDIT_BAD_DATE'], ['?from=2026-05-02&to=2026-05-01', 'ERR_AUDIT_BAD_RANGE'],
    ['?search=' + 'x'.repeat(101), 'ERR_VALIDATION'],
  ]
  for (const [q, code] of bad) {
    const res = await call(app, 'GET', `/audit${q}`, a.admin.headers)
    t.equal(res.statusCode, 400, q)
    t.equal(res.json().error, code, q)
  }
  t.equal((await call(app, 'GET', '/audit/export.csv?to=2026-13-01', sup.headers)).json().error, 'ERR_AUDIT_BAD_DATE', 'the export checks first')
})

t.test('pages of 20, newest first; the export streams every row with formulas made inert', async (t) => {
  const { app, a } = await world(t)
  for (let i = 0; i < 22; i++) await call(app, 'PUT', `/users/${a.user.id}`, a.admin.headers, { name: i === 21 ? '=HYPERLINK("x")' : `Nome ${i}` })
  await app.audit.idle()
  const first = (await call(app, 'GET', '/audit', a.admin.headers)).json()
  t.equal(first.entries.length, 20)
  t.equal(first.count, 23)
  t.equal(first.hasMore, true)
  t.equal(first.entries[0].label, '=HYPERLINK("x")')
  const second = (await call(app, 'GET', '/audit?pageNumber=2', a.admin.headers)).json()
  t.equal(second.entries.length, 3)
  t.equal(second.hasMore, false)
  t.ok(first.entries[0].id > second.entries[0].id)
  const lines = (await call(app, 'GET', '/audit/export.csv', a.admin.headers)).body.trim().split('\r\n')
  t.equal(lines.length, 24, 'a header and 23 rows')
  t.match(lines[1], /,"'=HYPERLINK\(""x""\)",/, 'a cell starting with = is quoted with a leading apostrophe')
})
