import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper } from '../testing/fixtures.ts'
import { SPEC_FEATURES } from '../features/catalog.ts'

type Headers = { authorization: string }
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })
const FLAGS = SPEC_FEATURES.map((f) => f.feature)

t.test('GET /plans/list needs no session and lists only plans offered at signup', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/plans/list' })
  t.equal(res.statusCode, 200)
  const plans = res.json()
  t.same(plans.map((p: { id: number; name: string }) => [p.id, p.name]), [[1, 'Básico'], [2, 'PRO']], 'Enterprise is not offered')
  const pro = plans[1]
  t.match(pro, { users: 20, connections: 5, queues: 20, value: 199, term: 'MENSAL', offeredAtSignup: true })
  for (const f of FLAGS) t.equal(pro[f], true, `PRO ${f}`)
  t.equal(plans[0].useKanban, false)
  t.equal(plans[0].useSchedules, true)
})

t.test('plans CRUD is for super users; use* flags round trip', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const c = await createCompanyWithUsers(app)
  for (const [method, url] of [['GET', '/plans/all'], ['GET', '/plans/1'], ['POST', '/plans'], ['PUT', '/plans/1'], ['DELETE', '/plans/3']] as const) {
    const res = await call(app, method, url, c.admin.headers, method === 'POST' || method === 'PUT' ? { name: 'X' } : undefined)
    t.equal(res.statusCode, 403, `${method} ${url}: admins may not`)
  }
  t.equal((await call(app, 'GET', '/plans/all', sup.headers)).json().length, 3)

  const body = {
    name: ' Start ', users: 4, connections: 2, queues: 6, value: 59.9, term: 'ANUAL', bankPlanID: 'bank-42', offeredAtSignup: true,
    useCampaigns: false, useKanban: true, useOpenAi: false, useIntegrations: true, useSchedules: true, useInternalChat: false, useExternalApi: false,
  }
  const created = await call(app, 'POST', '/plans', sup.headers, body)
  t.equal(created.statusCode, 201)
  const p = created.json()
  t.match(p, { name: 'Start', users: 4, connections: 2, queues: 6, value: 59.9, term: 'ANUAL', bankPlanID: 'bank-42', offeredAtSignup: true })
  for (const f of FLAGS) t.equal(p[f], body[f as keyof typeof body], `created ${f}`)
  t.same(p.features, ['useIntegrations', 'useKanban', 'useSchedules'])
  t.same((await call(app, 'GET', `/plans/${p.id}`, sup.headers)).json(), p, 'read back the same')
  t.ok((await app.inject({ method: 'GET', url: '/api/plans/list' })).json().some((x: { id: number }) => x.id === p.id), 'now offered at signup')

  const upd = await call(app, 'PUT', `/plans/${p.id}`, sup.headers, { useKanban: false, useCampaigns: true, value: 79, offeredAtSignup: false })
  t.equal(upd.statusCode, 200)
  t.match(upd.json(), { name: 'Start', users: 4, value: 79, offeredAtSignup: false, useKanban: false, useCampaigns: true, useIntegrations: true, useSchedules: true })
  t.same((await call(app, 'GET', `/plans/${p.id}`, sup.headers)).json().features, ['useCampaigns', 'useIntegrations', 'useSchedules'], 'flags not sent are kept')
  t.notOk((await app.inject({ method: 'GET', url: '/api/plans/list' })).json().some((x: { id: number }) => x.id === p.id))
  const byList = await call(app, 'PUT', `/plans/${p.id}`, sup.headers, { features: ['useOpenAi'] })
  t.same(byList.json().features, ['useOpenAi'], 'a features list replaces the set')

  const defaults = (await call(app, 'POST', '/plans', sup.headers, { name: 'Bare' })).json()
  const every = app.features.list().map((f) => f.feature).sort()
  t.match(defaults, { users: 0, connections: 0, queues: 0, value: 0, term: 'MENSAL', offeredAtSignup: false, features: every }, 'the spec\'s defaults: every flag on, numbers 0')
  t.ok(every.length >= 7 && every.every((f) => defaults[f] === true), 'each use* flag answered true')
  t.same((await call(app, 'POST', '/plans', sup.headers, { name: 'Sem Kanban', useKanban: false })).json().features, every.filter((f) => f !== 'useKanban'), 'a flag sent as false narrows them')

  const dup = await call(app, 'POST', '/plans', sup.headers, { name: 'PRO' })
  t.equal(dup.statusCode, 409)
  t.equal(dup.json().error, 'ERR_DUPLICATED_PLAN')
  for (const bad of [{ name: '' }, { name: 'Neg', users: -1 }, { name: 'Term', term: 'SEMANAL' }, { name: 'Flag', useTeleport: true }, { name: 'Str', useKanban: 'yes' }, { name: 'F', features: ['useNothing'] }]) {
    const res = await call(app, 'POST', '/plans', sup.headers, bad)
    t.equal(res.statusCode, 400, JSON.stringify(bad))
    t.equal(res.json().error, 'ERR_VALIDATION')
  }
  for (const bad of [{ useKanban: 'no' }, { users: -5 }, { term: 'X' }]) {
    t.equal((await call(app, 'PUT', '/plans/1', sup.headers, bad)).statusCode, 400, `PUT ${JSON.stringify(bad)}`)
  }
  t.equal((await call(app, 'GET', '/plans/1', sup.headers)).json().useKanban, false, 'Básico unchanged')
  t.equal((await call(app, 'GET', '/plans/999', sup.headers)).json().error, 'ERR_NO_PLAN_FOUND')
  t.equal((await call(app, 'PUT', '/plans/999', sup.headers, { name: 'Nope' })).statusCode, 404)
})

t.test('a plan change reaches the companies on it at once', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const c = await createCompanyWithUsers(app, { planName: 'Básico' })
  t.equal((await call(app, 'PUT', '/plans/1', sup.headers, { useKanban: true })).statusCode, 200)
  t.equal((await call(app, 'GET', `/companies/listPlan/${c.id}`, c.admin.headers)).json().plan.useKanban, true)
  t.ok((await call(app, 'GET', '/auth/me', c.user.headers)).json().features.includes('useKanban'))
})

t.test('deleting plans: unused ones go, used ones are 409 ERR_PLAN_IN_USE', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  await createCompanyWithUsers(app, { planName: 'Básico' })
  const used = await call(app, 'DELETE', '/plans/1', sup.headers)
  t.equal(used.statusCode, 409)
  t.equal(used.json().error, 'ERR_PLAN_IN_USE')
  t.equal((await call(app, 'GET', '/plans/1', sup.headers)).statusCode, 200, 'still there')
  t.equal((await call(app, 'DELETE', '/plans/3', sup.headers)).statusCode, 204)
  t.equal((await call(app, 'GET', '/plans/3', sup.headers)).statusCode, 404)
  t.equal((await call(app, 'DELETE', '/plans/3', sup.headers)).statusCode, 404)
})
