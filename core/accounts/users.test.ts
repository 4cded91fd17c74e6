import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper, createUser } from '../testing/fixtures.ts'

type Headers = { authorization: string }
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })
const newUser = (over: Record<string, unknown> = {}) => ({ name: 'Maria Silva', email: `maria${Math.random().toString(36).slice(2, 8)}@example.test`, password: 'Secret123', ...over })

t.test('GET /users: 20 per page, count, hasMore, search by name or email, own company only', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  for (let i = 0; i < 23; i++) await createUser(app, c.id, { name: `Zed ${String(i).padStart(2, '0')}` })
  await createUser(app, other.id, { name: 'Zed Foreign' })

  const p1 = await call(app, 'GET', '/users', c.admin.headers)
  t.equal(p1.statusCode, 200)
  t.equal(p1.json().count, 25)
  t.equal(p1.json().users.length, 20)
  t.equal(p1.json().hasMore, true)
  const p2 = (await call(app, 'GET', '/users?pageNumber=2', c.admin.headers)).json()
  t.equal(p2.users.length, 5)
  t.equal(p2.hasMore, false)
  const ids = [...p1.json().users, ...p2.users].map((u: { id: number }) => u.id)
  t.equal(new Set(ids).size, 25, 'pages do not overlap')
  t.ok([...p1.json().users, ...p2.users].every((u: { companyId: number }) => u.companyId === c.id), 'only the caller\'s company')
  t.notOk(JSON.stringify(p1.json()).includes('passwordHash'))
  t.same(p1.json().users.slice(0, 2).map((u: { name: string }) => u.name), ['Admin', 'Agent'], 'ordered by name')

  const zed = (await call(app, 'GET', '/users?searchParam=ZED%201', c.admin.headers)).json()
  t.same(zed.users.map((u: { name: string }) => u.name), Array.from({ length: 10 }, (_, i) => `Zed 1${i}`), 'search is case-insensitive')
  t.equal(zed.count, 10)
  t.equal(zed.hasMore, false)
  const byEmail = (await call(app, 'GET', `/users?searchParam=${encodeURIComponent(c.user.email.slice(0, 7))}`, c.admin.headers)).json()
  t.same(byEmail.users.map((u: { id: number }) => u.id), [c.user.id])
  await createUser(app, c.id, { name: 'under_score' })
  await createUser(app, c.id, { name: 'underXscore' })
  const literal = (await call(app, 'GET', '/users?searchParam=r_s', c.admin.headers)).json()
  t.same(literal.users.map((u: { name: string }) => u.name), ['under_score'], '_ is not a wildcard')
  t.equal((await call(app, 'GET', '/users?searchParam=%25', c.admin.headers)).json().count, 0, '% is not a wildcard')
  t.equal((await call(app, 'GET', '/users?pageNumber=0', c.admin.headers)).statusCode, 400)

  t.equal((await call(app, 'GET', '/users', c.user.headers)).statusCode, 403, 'the users page is for admins')
  t.equal((await call(app, 'GET', `/users?companyId=${other.id}`, c.admin.headers)).statusCode, 403)
})

t.test('GET /users/list and /users/:id', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const list = await call(app, 'GET', '/users/list', c.user.headers)
  t.equal(list.statusCode, 200)
  t.same(list.json().map((u: { id: number }) => u.id).sort(), [c.admin.id, c.user.id].sort(), 'every user of the company, for agents too')
  t.match(list.json()[0], { name: String, email: String, profile: String, companyId: c.id, queues: Array })
  t.equal((await call(app, 'GET', `/users/list?companyId=${other.id}`, c.admin.headers)).statusCode, 403)

  const one = await call(app, 'GET', `/users/${c.user.id}`, c.admin.headers)
  t.match(one.json(), { id: c.user.id, email: c.user.email, profile: 'user', allTicket: 'enabled', super: false, companyId: c.id })
  t.equal((await call(app, 'GET', `/users/${c.user.id}`, c.user.headers)).statusCode, 200, 'oneself')
  t.equal((await call(app, 'GET', `/users/${c.admin.id}`, c.user.headers)).statusCode, 403, 'an agent cannot read others')
  const foreign = await call(app, 'GET', `/users/${other.admin.id}`, c.admin.headers)
  t.equal(foreign.statusCode, 404)
  t.equal(foreign.json().error, 'ERR_NO_USER_FOUND')
})

t.test('POST /users: admins create users of their company', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const published: Array<{ topic: string; companyId: number; data: { action: string } }> = []
  const original = app.realtime.publish.bind(app.realtime)
  app.realtime.publish = (m) => { published.push(m as never); original(m) }
  const events: unknown[] = []
  app.events.on('user.created', (p) => { events.push(p) })

  const body = newUser({ name: '  Maria  ', email: 'Maria.Silva@Example.TEST', profile: 'admin', allTicket: 'enabled', companyId: c.id })
  const res = await call(app, 'POST', '/users', c.admin.headers, body)
  t.equal(res.statusCode, 201)
  t.match(res.json(), { name: 'Maria', email: 'maria.silva@example.test', profile: 'admin', allTicket: 'enabled', super: false, companyId: c.id })
  const row = await app.knex('users').where({ id: res.json().id }).first()
  t.not(row.passwordHash, 'Secret123', 'the password is hashed')
  t.ok(await app.authService.verifyPassword('Secret123', row.passwordHash))
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'MARIA.SILVA@example.test', password: 'Secret123' } })
  t.equal(login.statusCode, 200, 'the new user signs in')
  t.match(published.find((m) => m.topic === 'user'), { companyId: c.id, data: { action: 'create' } }, 'the users list updates live')
  await app.events.idle()
  t.same(events, [{ companyId: c.id, userId: res.json().id }])

  const defaults = (await call(app, 'POST', '/users', c.admin.headers, newUser())).json()
  t.match(defaults, { profile: 'user', allTicket: 'desabled', super: false })

  const dup = await call(app, 'POST', '/users', c.admin.headers, newUser({ email: 'MARIA.silva@example.test' }))
  t.equal(dup.statusCode, 409)
  t.equal(dup.json().error, 'ERR_DUPLICATED_EMAIL')
  const other = await createCompanyWithUsers(app)
  t.equal((await call(app, 'POST', '/users', c.admin.headers, newUser({ email: other.admin.email }))).json().error, 'ERR_DUPLICATED_EMAIL', 'emails are unique platform-wide')

  t.equal((await call(app, 'POST', '/users', c.user.headers, newUser())).statusCode, 403, 'agents cannot create users')
  t.equal((await call(app, 'POST', '/users', c.admin.headers, newUser({ super: true }))).statusCode, 403, 'admins cannot create super users')
  t.equal((await call(app, 'POST', '/users', c.admin.headers, newUser({ companyId: other.id }))).statusCode, 403, 'nor users elsewhere')
  t.equal(Number((await app.knex('users').where({ companyId: other.id }).count({ n: '*' }).first())!.n), 2)
})

t.test('POST /users validation follows the spec (name 2-50, email, password 5-50)', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['short name', { name: 'A' }, 'name'], ['long name', { name: 'x'.repeat(51) }, 'name'], ['blank name', { name: '   ' }, 'name'],
    ['no email', { email: undefined }, 'email'], ['bad email', { email: 'maria@' }, 'email'],
    ['short password', { password: '1234' }, 'password'], ['long password', { password: 'p'.repeat(51) }, 'password'],
    ['bad profile', { profile: 'owner' }, 'profile'], ['bad allTicket', { allTicket: 'disabled' }, 'allTicket'],
  ]
  for (const [label, over, field] of cases) {
    const res = await call(app, 'POST', '/users', c.admin.headers, newUser(over))
    t.equal(res.statusCode, 400, label)
    t.equal(res.json().error, 'ERR_VALIDATION', label)
    t.match(JSON.stringify(res.json().details), field, `${label}: details name the field`)
  }
  t.equal(Number((await app.knex('users').where({ companyId: c.id }).count({ n: '*' }).first())!.n), 2, 'nothing was created')
})

t.test('the plan\'s user limit: Básico allows 3 users', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app, { planName: 'Básico' })
  t.equal((await call(app, 'POST', '/users', c.admin.headers, newUser())).statusCode, 201, 'the third user')
  const fourth = await call(app, 'POST', '/users', c.admin.headers, newUser())
  t.equal(fourth.statusCode, 403)
  t.equal(fourth.json().error, 'ERR_PLAN_LIMIT_USERS')
  t.match(fourth.json().details, { limit: 3 })
  t.equal(Number((await app.knex('users').where({ companyId: c.id }).count({ n: '*' }).first())!.n), 3)
  const sup = await createSuper(app)
  t.equal((await call(app, 'POST', '/users', sup.headers, newUser({ companyId: c.id }))).json().error, 'ERR_PLAN_LIMIT_USERS', 'super users too')

  const ent = await createCompanyWithUsers(app, { planName: 'Enterprise' })
  for (let i = 0; i < 3; i++) t.equal((await call(app, 'POST', '/users', ent.admin.headers, newUser())).statusCode, 201, 'a limit of 0 means unlimited')
})
