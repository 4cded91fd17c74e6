import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper, createUser } from '../testing/fixtures.ts'

type Headers = { authorization: string }
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })
const row = (app: FastifyInstance, id: number) => app.knex('users').where({ id }).first()

t.test('an agent edits their own name, email and password with the form the web app sends back', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const form = { name: 'Agent Renamed', email: 'agent.new@example.test', password: '', profile: 'user', allTicket: 'enabled', whatsappId: null, queueIds: [], companyId: c.id }
  const res = await call(app, 'PUT', `/users/${c.user.id}`, c.user.headers, form)
  t.equal(res.statusCode, 200)
  t.match(res.json(), { id: c.user.id, name: 'Agent Renamed', email: 'agent.new@example.test', profile: 'user' })
  t.equal((await row(app, c.user.id)).name, 'Agent Renamed')
})

t.test('an agent cannot raise their own profile, change allTicket, super or edit others', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (const body of [{ profile: 'admin' }, { allTicket: 'desabled' }, { super: true }, { whatsappId: 5 }, { queueIds: [1] }]) {
    const res = await call(app, 'PUT', `/users/${c.user.id}`, c.user.headers, body)
    t.equal(res.statusCode, 403, JSON.stringify(body))
    t.equal(res.json().error, 'ERR_NO_PERMISSION')
  }
  const r = await row(app, c.user.id)
  t.equal(r.profile, 'user')
  t.equal(r.allTicket, 'enabled')
  t.equal(Boolean(r.super), false)
  const other = await call(app, 'PUT', `/users/${c.admin.id}`, c.user.headers, { name: 'Hacked' })
  t.equal(other.statusCode, 403)
  t.equal((await row(app, c.admin.id)).name, 'Admin')
  t.equal((await call(app, 'DELETE', `/users/${c.admin.id}`, c.user.headers)).statusCode, 403)
})

t.test('an admin edits users of the company; not other companies, not super users', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { profile: 'admin', allTicket: 'desabled', name: 'Promoted', companyId: c.id })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { profile: 'admin', allTicket: 'desabled', name: 'Promoted' })
  const ctx = await app.inject({ method: 'GET', url: '/api/auth/me', headers: c.user.headers })
  t.ok(ctx.json().permissions.includes('user-modal:editProfile'), 'the new profile holds at once')

  t.equal((await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { super: true })).statusCode, 403, 'admins cannot grant super')
  t.equal((await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { companyId: c.id + 1000 })).statusCode, 403, 'nor move users')
  const other = await createCompanyWithUsers(app)
  const foreign = await call(app, 'PUT', `/users/${other.user.id}`, c.admin.headers, { name: 'Hijacked' })
  t.equal(foreign.statusCode, 404)
  t.equal((await row(app, other.user.id)).name, 'Agent')
  const dup = await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { email: other.admin.email.toUpperCase() })
  t.equal(dup.statusCode, 409)
  t.equal(dup.json().error, 'ERR_DUPLICATED_EMAIL')
  t.equal((await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { name: 'A' })).statusCode, 400)
  t.equal((await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { password: '123' })).statusCode, 400)

  const platform = await createSuper(app)
  const colleague = await createUser(app, platform.companyId, { profile: 'admin' })
  const takeover = await call(app, 'PUT', `/users/${platform.id}`, colleague.headers, { password: 'Taken0ver', email: 'mine@example.test' })
  t.equal(takeover.statusCode, 403, 'a company admin cannot take over a super user')
  const r = await row(app, platform.id)
  t.not(r.email, 'mine@example.test')
  t.notOk(await app.authService.verifyPassword('Taken0ver', r.passwordHash))
  t.equal((await call(app, 'DELETE', `/users/${platform.id}`, colleague.headers)).statusCode, 403)
})

t.test('updates are published live to the company', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const published: Array<{ topic: string; companyId: number; data: { action: string; user?: { name: string }; userId?: number } }> = []
  const original = app.realtime.publish.bind(app.realtime)
  app.realtime.publish = (m) => { published.push(m as never); original(m) }
  await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { name: 'Live Name' })
  t.match(published.find((m) => m.topic === 'user'), { companyId: c.id, data: { action: 'update', user: { name: 'Live Name' } } })
  await call(app, 'DELETE', `/users/${c.user.id}`, c.admin.headers)
  t.match(published.filter((m) => m.topic === 'user').at(-1), { companyId: c.id, data: { action: 'delete', userId: c.user.id } })
})

t.test('DELETE /users/:id: admins delete users of the company, never themselves', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const self = await call(app, 'DELETE', `/users/${c.admin.id}`, c.admin.headers)
  t.equal(self.statusCode, 400)
  t.equal(self.json().error, 'ERR_CANNOT_DELETE_SELF')
  t.equal((await call(app, 'DELETE', `/users/${other.user.id}`, c.admin.headers)).statusCode, 404)
  t.ok(await row(app, other.user.id), 'the foreign user is still there')
  t.equal((await call(app, 'DELETE', `/users/${c.user.id}`, c.admin.headers)).statusCode, 204)
  t.notOk(await row(app, c.user.id))
  t.equal((await call(app, 'DELETE', `/users/${c.user.id}`, c.admin.headers)).statusCode, 404)
})

t.test('super users work on any company through companyId', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const c = await createCompanyWithUsers(app)
  const page = await call(app, 'GET', `/users?companyId=${c.id}`, sup.headers)
  t.equal(page.statusCode, 200)
  t.same(page.json().users.map((u: { id: number }) => u.id).sort(), [c.admin.id, c.user.id].sort())
  const list = await call(app, 'GET', `/users/list?companyId=${c.id}`, sup.headers)
  t.equal(list.json().length, 2)
  t.equal((await call(app, 'GET', '/users?companyId=999999', sup.headers)).json().error, 'ERR_NO_COMPANY_FOUND')

  const created = await call(app, 'POST', '/users', sup.headers, { name: 'Placed', email: 'placed@example.test', password: 'Secret123', companyId: c.id, profile: 'admin' })
  t.equal(created.statusCode, 201)
  t.equal(created.json().companyId, c.id)
  t.equal((await row(app, created.json().id)).companyId, c.id)
  t.equal((await call(app, 'GET', `/users/${c.user.id}`, sup.headers)).json().companyId, c.id)
  const put = await call(app, 'PUT', `/users/${c.user.id}`, sup.headers, { name: 'By Super', super: true })
  t.equal(put.statusCode, 200)
  t.match(put.json(), { name: 'By Super', super: true, companyId: c.id })
  t.equal((await call(app, 'DELETE', `/users/${c.admin.id}`, sup.headers)).statusCode, 204)
  t.notOk(await row(app, c.admin.id))
})

t.test('the last super user cannot be removed or demoted', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const demote = await call(app, 'PUT', `/users/${sup.id}`, sup.headers, { super: false })
  t.equal(demote.statusCode, 409)
  t.equal(demote.json().error, 'ERR_LAST_SUPER_USER')
  t.equal(Boolean((await row(app, sup.id)).super), true)
  const second = await createUser(app, sup.companyId, { profile: 'admin', super: true })
  t.equal((await call(app, 'PUT', `/users/${sup.id}`, second.headers, { super: false })).statusCode, 200, 'with another super user it is fine')
  const last = await call(app, 'DELETE', `/users/${second.id}`, second.headers)
  t.equal(last.statusCode, 400, 'not oneself')
})
