import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper, createUser } from '../testing/fixtures.ts'
import { todayIn } from './service.ts'
import { addDays } from '../accounts/due-date.ts'

const get = (app: FastifyInstance, url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers })

t.test('an overdue company: login answers, data routes are 402, the session, settings, plan and helps still answer', async (t) => {
  const app = await build(t)
  const yesterday = addDays(todayIn('America/Sao_Paulo'), -1)
  const c = await createCompanyWithUsers(app, { dueDate: yesterday })

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: c.admin.email, password: c.admin.password } })
  t.equal(login.statusCode, 200, 'the client needs the answer to redirect to finance')
  t.equal(login.json().user.company.dueDate, yesterday)
  const headers = { authorization: `Bearer ${login.json().token}` }

  for (const url of ['/api/users', '/api/users/list', `/api/users/${c.user.id}`, '/api/modules']) {
    const res = await get(app, url, headers)
    t.equal(res.statusCode, 402, url)
    t.equal(res.json().error, 'ERR_SUBSCRIPTION_EXPIRED', url)
  }
  const write = await app.inject({ method: 'PUT', url: '/api/settings/userRating', headers, payload: { value: 'enabled' } })
  t.equal(write.statusCode, 402, 'no writes either')
  const create = await app.inject({ method: 'POST', url: '/api/users', headers, payload: { name: 'New One', email: 'new@example.test', password: 'Secret123' } })
  t.equal(create.statusCode, 402)

  const meRes = await get(app, '/api/auth/me', headers)
  t.equal(meRes.statusCode, 200)
  t.equal(meRes.json().company.dueDate, yesterday)
  const settings = await get(app, '/api/settings', headers)
  t.equal(settings.statusCode, 200)
  t.ok(settings.json().some((s: { key: string }) => s.key === 'scheduleType'))
  const plan = await get(app, `/api/companies/listPlan/${c.id}`, headers)
  t.equal(plan.statusCode, 200)
  t.equal(plan.json().plan.useKanban, true)
  t.equal((await get(app, '/api/helps/list', headers)).statusCode, 200)
  t.equal((await get(app, `/api/companies/${c.id}`, headers)).json().dueDate, yesterday, 'its own company (finance reads it)')
  t.equal((await get(app, '/api/version', {})).statusCode, 200)
  t.equal((await app.inject({ method: 'DELETE', url: '/api/auth/logout', headers })).statusCode, 204, 'logout still works')

  const agent = await get(app, '/api/users/list', c.user.headers)
  t.equal(agent.statusCode, 402, 'agents of the company too')
})

t.test('due today or no due date is not overdue; paying (a new due date) lifts the block at once', async (t) => {
  const app = await build(t)
  const today = await createCompanyWithUsers(app, { dueDate: todayIn('America/Sao_Paulo') })
  t.equal((await get(app, '/api/users/list', today.admin.headers)).statusCode, 200, 'due today is still valid')
  const none = await createCompanyWithUsers(app, { dueDate: null })
  t.equal((await get(app, '/api/users/list', none.admin.headers)).statusCode, 200, 'no due date, no block')

  const late = await createCompanyWithUsers(app, { dueDate: '2020-01-01' })
  t.equal((await get(app, '/api/users/list', late.admin.headers)).statusCode, 402)
  const sup = await createSuper(app)
  const period = await app.inject({ method: 'POST', url: `/api/companies/${late.id}/add-period`, headers: sup.headers })
  t.equal(period.statusCode, 200)
  t.ok(period.json().dueDate > todayIn('America/Sao_Paulo'))
  t.equal((await get(app, '/api/users/list', late.admin.headers)).statusCode, 200)
})

t.test('a super user is never blocked, even in an overdue company', async (t) => {
  const app = await build(t)
  const late = await createCompanyWithUsers(app, { dueDate: '2020-01-01' })
  const sup = await createUser(app, late.id, { profile: 'admin', super: true })
  const res = await get(app, '/api/users', sup.headers)
  t.equal(res.statusCode, 200)
  t.equal(res.json().count, 3)
})

t.test('today in a timezone turns at its midnight, also when the same minute was asked before', async (t) => {
  const before = Date.parse('2026-11-27T02:59:30Z')
  t.equal(todayIn('America/Sao_Paulo', before), '2026-11-26')
  t.equal(todayIn('America/Sao_Paulo', before + 29_000), '2026-11-26', 'the same minute: the kept day')
  t.equal(todayIn('America/Sao_Paulo', Date.parse('2026-11-27T03:00:00Z')), '2026-11-27', 'the next minute is midnight in São Paulo')
  t.equal(todayIn('Asia/Kolkata', Date.parse('2026-11-26T18:29:59Z')), '2026-11-26')
  t.equal(todayIn('Asia/Kolkata', Date.parse('2026-11-26T18:30:00Z')), '2026-11-27', 'half-hour offsets turn on a minute too')
  t.equal(todayIn('Not/A_Zone', Date.parse('2026-11-26T18:30:00Z')), '2026-11-26', 'an unknown zone: the UTC day')
})
