import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper } from '../testing/fixtures.ts'
import { connect } from '../realtime/ws-test-client.ts'

let ip = 0
const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `10.9.0.${++ip % 250}` })
const me = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/me', headers })
const setStatus = (app: FastifyInstance, headers: Record<string, string>, id: number, status: boolean) =>
  app.inject({ method: 'PUT', url: `/api/companies/${id}`, headers, payload: { status } })

t.test('a deactivated company cannot sign in, refresh or call the API, with a clear code; reactivated, it works', async (t) => {
  const app = await build(t)
  const root = await createSuper(app)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const signedIn = await login(app, b.admin.email, b.admin.password)
  const jrt = signedIn.cookies.find((c) => c.name === 'jrt')!.value
  const session = { authorization: `Bearer ${signedIn.json().token}` }
  const events: unknown[] = []
  app.events.on('company.statusChanged', (e) => void events.push(e))

  const off = await setStatus(app, root.headers, b.id, false)
  t.equal(off.statusCode, 200)
  t.equal(off.json().status, false)
  t.same(events, [{ companyId: b.id, active: false }], 'one statusChanged event')

  const call = await me(app, session)
  t.equal(call.statusCode, 401, 'the open session ends at its next call')
  t.equal(call.json().error, 'ERR_COMPANY_INACTIVE')
  const list = await app.inject({ method: 'GET', url: '/api/users', headers: b.user.headers })
  t.equal(list.json().error, 'ERR_COMPANY_INACTIVE', 'every API route')
  const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refresh_token', cookies: { jrt } })
  t.equal(refreshed.statusCode, 401, 'no new token from the refresh cookie')
  t.equal(refreshed.json().error, 'ERR_COMPANY_INACTIVE')
  const refused = await login(app, b.user.email, b.user.password)
  t.equal(refused.statusCode, 401)
  t.equal(refused.json().error, 'ERR_COMPANY_INACTIVE', 'signing in says why')
  t.equal((await login(app, b.user.email, 'Wrong-pass1')).json().error, 'ERR_INVALID_CREDENTIALS', 'a wrong password learns nothing about the company')
  t.equal((await me(app, a.admin.headers)).statusCode, 200, 'another company is untouched')

  t.equal((await setStatus(app, root.headers, b.id, false)).statusCode, 200)
  t.equal(events.length, 1, 'saving the same status again is no change')
  t.equal((await setStatus(app, root.headers, b.id, true)).statusCode, 200)
  t.same(events.at(-1), { companyId: b.id, active: true })
  const back = await login(app, b.user.email, b.user.password)
  t.equal(back.statusCode, 200, 'reactivated: signing in works')
  t.equal((await me(app, { authorization: `Bearer ${back.json().token}` })).statusCode, 200, 'and the API answers')
})

t.test('a super user cannot deactivate their own company and is never locked out; admins cannot change the status', async (t) => {
  const app = await build(t)
  const root = await createSuper(app)
  const b = await createCompanyWithUsers(app)
  const own = await setStatus(app, root.headers, root.companyId, false)
  t.equal(own.statusCode, 403)
  t.equal(own.json().error, 'ERR_NO_PERMISSION')
  t.equal((await setStatus(app, b.admin.headers, b.id, false)).statusCode, 403, 'a company admin cannot')
  const row = await app.knex('companies').where({ id: b.id }).first('status')
  t.ok(row.status, 'still active')
})

t.test('trialExpiration: signup sets the trial\'s last day; super users read and edit it; bad dates are refused', async (t) => {
  const app = await build(t)
  const root = await createSuper(app)
  const signup = await app.inject({ method: 'POST', url: '/api/companies/cadastro', payload: { name: 'Padaria Trial', email: 'trial@example.test', password: 'Senha123', phone: '11999990000', planId: 2 } })
  t.equal(signup.statusCode, 201)
  const id = signup.json().id
  const company = (await app.inject({ method: 'GET', url: `/api/companies/${id}`, headers: root.headers })).json()
  t.equal(company.trialExpiration, signup.json().dueDate, 'the trial ends with the first due date')
  const set = await app.inject({ method: 'PUT', url: `/api/companies/${id}`, headers: root.headers, payload: { trialExpiration: '2027-01-31', billingName: 'Padaria Trial LTDA', addressCity: 'Recife' } })
  t.equal(set.statusCode, 200)
  t.match(set.json(), { trialExpiration: '2027-01-31', billingName: 'Padaria Trial LTDA', addressCity: 'Recife' })
  const bad = await app.inject({ method: 'PUT', url: `/api/companies/${id}`, headers: root.headers, payload: { trialExpiration: '31/01/2027' } })
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().error, 'ERR_VALIDATION')
  t.equal((await app.inject({ method: 'PUT', url: `/api/companies/${id}`, headers: root.headers, payload: { trialExpiration: null } })).json().trialExpiration, null, 'cleared')
})

t.test('deactivating a company closes its open sockets with the reason; a new socket is refused; others stay', async (t) => {
  const app = await build(t)
  const root = await createSuper(app)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const kept = await connect(app, a.user.token, t)
  const open = await connect(app, b.user.token, t)
  await kept.sync()
  await open.sync()
  t.equal((await setStatus(app, root.headers, b.id, false)).statusCode, 200)
  t.match(await open.next((f) => f.type === 'error', 3000), { type: 'error', error: 'ERR_COMPANY_INACTIVE' }, 'told why')
  t.same(await open.closed, { code: 4401, reason: 'ERR_COMPANY_INACTIVE' })
  const again = await connect(app, b.user.token, t)
  t.match(await again.next((f) => f.type === 'error', 3000), { error: 'ERR_COMPANY_INACTIVE' }, 'a new socket is refused')
  await kept.sync()
  t.equal(app.realtime.size, 1, 'the other company\'s socket is still there')
})
