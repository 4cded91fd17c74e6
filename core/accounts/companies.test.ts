import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper } from '../testing/fixtures.ts'

type Headers = { authorization: string }
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

t.test('listing and reading companies: super users see all; admins only their own', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const a = await createCompanyWithUsers(app, { name: 'Alpha Co' })
  const b = await createCompanyWithUsers(app, { name: 'Beta Co' })
  for (const url of ['/companies', '/companies/list']) {
    const res = await call(app, 'GET', url, sup.headers)
    t.equal(res.statusCode, 200, url)
    const names = res.json().map((c: { name: string }) => c.name)
    t.ok(names.includes('Alpha Co') && names.includes('Beta Co'), `${url} lists every company`)
    const alpha = res.json().find((c: { name: string }) => c.name === 'Alpha Co')
    t.equal(alpha.plan.name, 'PRO')
    t.equal(alpha.campaignsEnabled, true)
    t.equal(alpha.schedules.length, 7, 'default opening hours, one per weekday')
    const denied = await call(app, 'GET', url, a.admin.headers)
    t.equal(denied.statusCode, 403, `${url}: admins may not`)
    t.equal(denied.json().error, 'ERR_NO_PERMISSION')
  }
  t.equal((await call(app, 'GET', `/companies/${b.id}`, sup.headers)).json().name, 'Beta Co')
  t.equal((await call(app, 'GET', `/companies/${a.id}`, a.admin.headers)).json().name, 'Alpha Co')
  t.equal((await call(app, 'GET', `/companies/${a.id}`, a.user.headers)).statusCode, 200)
  const foreign = await call(app, 'GET', `/companies/${b.id}`, a.admin.headers)
  t.equal(foreign.statusCode, 404, 'a foreign company is simply not found')
  t.notMatch(foreign.body, /Beta Co/)
  t.equal((await call(app, 'GET', '/companies/999999', sup.headers)).json().error, 'ERR_NO_COMPANY_FOUND')
  t.equal((await call(app, 'GET', '/companies/abc', sup.headers)).statusCode, 400)
})

t.test('creating a company (super only) keeps every field it was given', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const body = {
    name: '  Gamma Ltda ', email: 'gamma@example.test', phone: '11999990000', planId: 1, status: false, dueDate: '2031-05-31',
    recurrence: 'TRIMESTRAL', campaignsEnabled: false, timezone: 'America/Manaus', billingName: 'Gamma Billing',
    addressZipCode: '01001000', addressStreet: 'Praça da Sé', addressState: 'SP', addressCity: 'São Paulo', addressDistrict: 'Sé',
  }
  const res = await call(app, 'POST', '/companies', sup.headers, body)
  t.equal(res.statusCode, 201)
  const c = res.json()
  t.match(c, {
    name: 'Gamma Ltda', email: 'gamma@example.test', phone: '11999990000', planId: 1, plan: { id: 1, name: 'Básico' }, status: false,
    dueDate: '2031-05-31', recurrence: 'TRIMESTRAL', campaignsEnabled: false, timezone: 'America/Manaus', billingName: 'Gamma Billing',
    addressZipCode: '01001000', addressStreet: 'Praça da Sé', addressState: 'SP', addressCity: 'São Paulo', addressDistrict: 'Sé',
  })
  t.ok(c.createdAt)
  const setting = await app.knex('settings').where({ companyId: c.id, key: 'campaignsEnabled' }).first()
  t.equal(setting.value, 'false')
  t.same(await app.knex('users').where({ companyId: c.id }).pluck('id'), [], 'no user is created with it')

  const impossible = await call(app, 'POST', '/companies', sup.headers, { ...body, name: 'Epsilon', email: 'epsilon@example.test', dueDate: '2031-02-29' })
  t.equal(impossible.statusCode, 400, 'a due date that is no day is refused')
  t.equal(impossible.json().error, 'ERR_VALIDATION')
  const minimal = await call(app, 'POST', '/companies', sup.headers, { name: 'Delta', email: 'delta@example.test', planId: 2, dueDate: '' })
  t.equal(minimal.statusCode, 201)
  t.match(minimal.json(), { status: true, dueDate: null, recurrence: 'MENSAL', campaignsEnabled: true, timezone: 'America/Sao_Paulo' })

  const dup = await call(app, 'POST', '/companies', sup.headers, { name: 'Gamma Ltda', email: 'other@example.test', planId: 1 })
  t.equal(dup.statusCode, 409)
  t.equal(dup.json().error, 'ERR_DUPLICATED_COMPANY')
  t.equal((await call(app, 'POST', '/companies', sup.headers, { name: 'Eps', email: 'e@example.test', planId: 999 })).json().error, 'ERR_NO_PLAN_FOUND')
  const tz = await call(app, 'POST', '/companies', sup.headers, { name: 'Zeta', email: 'z@example.test', planId: 1, timezone: 'Mars/Olympus' })
  t.equal(tz.statusCode, 400)
  t.equal(tz.json().error, 'ERR_VALIDATION')
  for (const bad of [{ recurrence: 'SEMANAL' }, { email: 'nope' }, { name: 'A' }, { dueDate: '31/12/2030' }, { planId: undefined }]) {
    const res = await call(app, 'POST', '/companies', sup.headers, { name: 'Eta Co', email: 'eta@example.test', planId: 1, ...bad })
    t.equal(res.statusCode, 400, JSON.stringify(bad))
  }
  t.equal(Number((await app.knex('companies').where({ name: 'Eta Co' }).count({ n: '*' }).first())!.n), 0)

  const a = await createCompanyWithUsers(app)
  const denied = await call(app, 'POST', '/companies', a.admin.headers, { name: 'Theta', email: 't@example.test', planId: 1 })
  t.equal(denied.statusCode, 403)
})

t.test('updating a company (super only)', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const a = await createCompanyWithUsers(app, { name: 'Alpha Co' })
  const b = await createCompanyWithUsers(app, { name: 'Beta Co' })
  const res = await call(app, 'PUT', `/companies/${a.id}`, sup.headers, {
    name: 'Alpha Renamed', planId: 1, status: false, dueDate: '2030-01-15', recurrence: 'ANUAL', campaignsEnabled: false, timezone: 'Europe/Lisbon',
  })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { id: a.id, name: 'Alpha Renamed', planId: 1, status: false, dueDate: '2030-01-15', recurrence: 'ANUAL', campaignsEnabled: false, timezone: 'Europe/Lisbon' })
  const read = await call(app, 'GET', `/companies/${a.id}`, sup.headers)
  t.match(read.json(), { name: 'Alpha Renamed', planId: 1, campaignsEnabled: false })
  const cleared = await call(app, 'PUT', `/companies/${a.id}`, sup.headers, { dueDate: '', campaignsEnabled: true })
  t.equal(cleared.json().dueDate, null, 'an empty due date is sent as null')
  t.equal(cleared.json().campaignsEnabled, true)
  t.equal(cleared.json().name, 'Alpha Renamed', 'fields not sent are kept')

  const dup = await call(app, 'PUT', `/companies/${a.id}`, sup.headers, { name: 'Beta Co' })
  t.equal(dup.statusCode, 409)
  t.equal(dup.json().error, 'ERR_DUPLICATED_COMPANY')
  t.equal((await call(app, 'PUT', `/companies/${a.id}`, sup.headers, { planId: 999 })).statusCode, 404)
  t.equal((await call(app, 'PUT', '/companies/999999', sup.headers, { name: 'Nobody' })).statusCode, 404)
  const denied = await call(app, 'PUT', `/companies/${b.id}`, b.admin.headers, { dueDate: '2099-01-01' })
  t.equal(denied.statusCode, 403, 'an admin cannot extend their own subscription')
  t.not((await call(app, 'GET', `/companies/${b.id}`, sup.headers)).json().dueDate, '2099-01-01')
})

t.test('deleting a company (super only) removes its users; never the super user\'s own', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const a = await createCompanyWithUsers(app)
  t.equal((await call(app, 'DELETE', `/companies/${a.id}`, a.admin.headers)).statusCode, 403)
  const res = await call(app, 'DELETE', `/companies/${a.id}`, sup.headers)
  t.equal(res.statusCode, 204)
  t.equal((await call(app, 'GET', `/companies/${a.id}`, sup.headers)).statusCode, 404)
  t.same(await app.knex('users').where({ companyId: a.id }).pluck('id'), [])
  t.same(await app.knex('settings').where({ companyId: a.id }).pluck('id'), [])
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/me', headers: a.admin.headers })).statusCode, 401, 'its sessions end')
  t.equal((await call(app, 'DELETE', `/companies/${a.id}`, sup.headers)).statusCode, 404)
  const own = await call(app, 'DELETE', `/companies/${sup.companyId}`, sup.headers)
  t.equal(own.statusCode, 403)
  t.ok(await app.knex('companies').where({ id: sup.companyId }).first())
})

t.test('a company whose records block deletion (a plugin table with RESTRICT) is 409, not 500', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const a = await createCompanyWithUsers(app)
  await app.knex.schema.createTable('zz_restricting', (tb) => {
    tb.increments('id')
    tb.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('RESTRICT')
  })
  await app.knex('zz_restricting').insert({ companyId: a.id })
  const res = await call(app, 'DELETE', `/companies/${a.id}`, sup.headers)
  t.equal(res.statusCode, 409)
  t.ok(await app.knex('companies').where({ id: a.id }).first(), 'still there')
  t.equal(Number((await app.knex('users').where({ companyId: a.id }).count({ n: '*' }).first())!.n), 2, 'and its users too')
})

t.test('a company admin sees and sets the timezone the opening hours are read in; a bad zone or another company is refused', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const mine = await app.inject({ method: 'GET', url: `/api/companies/${c.id}`, headers: c.admin.headers })
  t.equal(mine.json().timezone, 'America/Sao_Paulo', 'the default, visible')
  const set = await app.inject({ method: 'PUT', url: `/api/companies/${c.id}/schedules`, headers: c.admin.headers, payload: { timezone: 'America/Manaus' } })
  t.equal(set.statusCode, 200)
  t.equal(set.json().timezone, 'America/Manaus')
  t.ok(Array.isArray(set.json().schedules), 'the hours are kept')
  const bad = await app.inject({ method: 'PUT', url: `/api/companies/${c.id}/schedules`, headers: c.admin.headers, payload: { timezone: 'Mars/Olympus' } })
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().error, 'ERR_VALIDATION')
  t.equal((await app.inject({ method: 'PUT', url: `/api/companies/${c.id}/schedules`, headers: c.admin.headers, payload: {} })).statusCode, 400, 'nothing to change')
  t.equal((await app.inject({ method: 'PUT', url: `/api/companies/${other.id}/schedules`, headers: c.admin.headers, payload: { timezone: 'UTC' } })).statusCode, 404, 'another company')
  t.equal((await app.inject({ method: 'PUT', url: `/api/companies/${c.id}/schedules`, headers: c.user.headers, payload: { timezone: 'UTC' } })).statusCode, 403, 'an agent')
  t.equal((await app.knex('companies').where({ id: other.id }).first('timezone')).timezone, 'America/Sao_Paulo')
})
