import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { todayIn } from '../auth/service.ts'
import { addDays } from './due-date.ts'

let n = 0
const payload = (over: Record<string, unknown> = {}) => ({
  name: `Loja ${++n} Ltda`, email: `owner${n}@example.test`, phone: '(11) 98765-4321', password: 'Secret123',
  planId: 2, recurrence: 'MENSAL', dueDate: addDays(new Date().toISOString().slice(0, 10), 7), status: 't', campaignsEnabled: true, ...over,
})
const signup = (app: FastifyInstance, body: Record<string, unknown>, remoteAddress = '10.9.0.1') =>
  app.inject({ method: 'POST', url: '/api/companies/cadastro', payload: body, remoteAddress })

t.test('the spec\'s signup payload creates a 7-day PRO trial and its admin, who can sign in', async (t) => {
  const app = await build(t)
  const body = payload()
  const res = await signup(app, body)
  t.equal(res.statusCode, 201)
  const out = res.json()
  const expectedDue = addDays(todayIn('America/Sao_Paulo'), 7)
  t.equal(out.planId, 2)
  t.equal(out.dueDate, expectedDue)
  t.equal(out.name, body.name)
  const company = await app.knex('companies').where({ id: out.id }).first()
  t.equal(company.planId, 2)
  t.equal(Boolean(company.status), true)
  t.equal(company.recurrence, 'MENSAL')
  t.equal(company.dueDate, expectedDue)
  t.equal(company.phone, '11987654321', 'phone kept as digits')
  t.equal(company.email, body.email)
  const user = await app.knex('users').where({ id: out.userId }).first()
  t.equal(user.companyId, out.id)
  t.equal(user.profile, 'admin')
  t.equal(Boolean(user.super), false)
  t.equal(user.email, body.email)
  const settings = await app.knex('settings').where({ companyId: out.id }).pluck('key')
  t.ok(settings.includes('campaignsEnabled') && settings.length >= 10, 'default settings created')

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } })
  t.equal(login.statusCode, 200)
  t.equal(login.json().user.company.dueDate, expectedDue)
  t.equal(login.json().user.profile, 'admin')
  t.ok(login.json().user.features.includes('useKanban'), 'the trial has every PRO feature')
})

t.test('the server decides status, due date, recurrence and profile whatever the body says', async (t) => {
  const app = await build(t)
  const body = payload({ status: false, dueDate: '2099-12-31', recurrence: 'ANUAL', profile: 'super', super: true, campaignsEnabled: false })
  const res = await signup(app, body)
  t.equal(res.statusCode, 201)
  const company = await app.knex('companies').where({ id: res.json().id }).first()
  t.equal(Boolean(company.status), true)
  t.equal(company.dueDate, addDays(todayIn('America/Sao_Paulo'), 7))
  t.equal(company.recurrence, 'MENSAL')
  const user = await app.knex('users').where({ id: res.json().userId }).first()
  t.equal(user.profile, 'admin')
  t.equal(Boolean(user.super), false)
  const noPlan = await signup(app, payload({ planId: undefined }))
  t.equal(noPlan.statusCode, 201)
  t.equal(noPlan.json().planId, 2, 'plan 2 when none is named')
  const basic = await signup(app, payload({ planId: 1 }))
  t.equal(basic.statusCode, 201, 'Básico is offered too')
  t.equal(basic.json().planId, 1)
})

t.test('only a plan offered at signup', async (t) => {
  const app = await build(t)
  for (const planId of [3, 999]) {
    const res = await signup(app, payload({ planId }))
    t.equal(res.statusCode, 400, `plan ${planId}`)
    t.equal(res.json().error, 'ERR_PLAN_NOT_OFFERED')
  }
  t.equal(Number((await app.knex('companies').count({ n: '*' }).first())!.n), 0, 'no company created')
})

t.test('a duplicate email is 409 and leaves nothing behind', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const before = Number((await app.knex('companies').count({ n: '*' }).first())!.n)
  const res = await signup(app, payload({ email: c.admin.email.toUpperCase() }))
  t.equal(res.statusCode, 409)
  t.equal(res.json().error, 'ERR_DUPLICATED_EMAIL')
  t.equal(Number((await app.knex('companies').count({ n: '*' }).first())!.n), before, 'the company was rolled back')
  const first = payload()
  t.equal((await signup(app, first)).statusCode, 201)
  const sameName = await signup(app, payload({ name: first.name }))
  t.equal(sameName.statusCode, 409)
  t.equal(sameName.json().error, 'ERR_DUPLICATED_COMPANY')
  const nameWithEmail = payload({ name: 'Email Marketing Ltda' })
  t.equal((await signup(app, nameWithEmail)).statusCode, 201)
  const again = await signup(app, payload({ name: 'Email Marketing Ltda' }))
  t.equal(again.json().error, 'ERR_DUPLICATED_COMPANY', 'a company name containing "email" is still a company clash')
})

t.test('validation: name 2-50, a valid email, password 5-50', async (t) => {
  const app = await build(t, { config: { signupRateLimit: { max: 100, windowMs: 60_000 } } })
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['name too short', { name: 'A' }, 'name'],
    ['name too long', { name: 'x'.repeat(51) }, 'name'],
    ['name blank', { name: '   ' }, 'name'],
    ['email missing', { email: undefined }, 'email'],
    ['email invalid', { email: 'not-an-email' }, 'email'],
    ['password too short', { password: '1234' }, 'password'],
    ['password too long', { password: 'x'.repeat(51) }, 'password'],
    ['password missing', { password: undefined }, 'password'],
  ]
  for (const [label, over, field] of cases) {
    const res = await signup(app, payload(over))
    t.equal(res.statusCode, 400, label)
    t.equal(res.json().error, 'ERR_VALIDATION', label)
    t.ok(Array.isArray(res.json().details) && JSON.stringify(res.json().details).includes(field), `${label}: details name ${field}`)
  }
  t.equal((await signup(app, payload({ name: 'AB', password: '12345' }))).statusCode, 201, 'the bounds themselves are fine')
  t.equal((await signup(app, payload({ name: 'x'.repeat(50), password: 'y'.repeat(50) }))).statusCode, 201)
})

t.test('signup is rate limited per address', async (t) => {
  const app = await build(t)
  for (let i = 0; i < 5; i++) t.equal((await signup(app, payload(), '10.9.9.9')).statusCode, 201, `signup ${i + 1}`)
  const sixth = await signup(app, payload(), '10.9.9.9')
  t.equal(sixth.statusCode, 429)
  t.equal(sixth.json().error, 'ERR_RATE_LIMITED')
  t.equal((await signup(app, payload(), '10.9.9.10')).statusCode, 201, 'another address is fine')
})

t.test('concurrent signups from one address cannot slip past the limit', async (t) => {
  const app = await build(t)
  const answers = await Promise.all(Array.from({ length: 8 }, () => signup(app, payload(), '10.9.8.8')))
  const codes = answers.map((r) => r.statusCode)
  t.equal(codes.filter((s) => s === 201).length, 5)
  t.equal(codes.filter((s) => s === 429).length, 3)
})

t.test('the person who signs up gives their own name: the first admin is named after them, not the company', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'POST', url: '/api/companies/cadastro', payload: { name: 'Padaria Sol', userName: '  Ana Lima ', email: 'ana@padaria.test', password: 'Senha123' } })
  t.equal(res.statusCode, 201)
  const user = await app.knex('users').where({ id: res.json().userId }).first('name', 'profile')
  t.same(user, { name: 'Ana Lima', profile: 'admin' })
  const bad = await app.inject({ method: 'POST', url: '/api/companies/cadastro', payload: { name: 'Padaria Lua', userName: ' ', email: 'b@padaria.test', password: 'Senha123' } })
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().error, 'ERR_VALIDATION')
})
