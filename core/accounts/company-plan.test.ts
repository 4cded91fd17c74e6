import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper } from '../testing/fixtures.ts'
import { todayIn } from '../auth/service.ts'
import { addDays, addMonths } from './due-date.ts'
import { SPEC_FEATURES } from '../features/catalog.ts'

type Headers = { authorization: string }
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

t.test('add-period moves the due date by the company\'s recurrence; from today when past due', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const today = todayIn('America/Sao_Paulo')
  const future = addDays(today, 10)
  const months = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 }
  for (const [recurrence, n] of Object.entries(months)) {
    const c = await createCompanyWithUsers(app, { dueDate: future })
    await call(app, 'PUT', `/companies/${c.id}`, sup.headers, { recurrence })
    const res = await call(app, 'POST', `/companies/${c.id}/add-period`, sup.headers)
    t.equal(res.statusCode, 200, recurrence)
    t.equal(res.json().dueDate, addMonths(future, n), `${recurrence}: ${n} month(s) from the current due date`)
    const again = await call(app, 'POST', `/companies/${c.id}/add-period`, sup.headers)
    t.equal(again.json().dueDate, addMonths(addMonths(future, n), n), `${recurrence}: periods add up`)
  }
  const late = await createCompanyWithUsers(app, { dueDate: '2020-02-10' })
  await call(app, 'PUT', `/companies/${late.id}`, sup.headers, { recurrence: 'TRIMESTRAL' })
  t.equal((await call(app, 'POST', `/companies/${late.id}/add-period`, sup.headers)).json().dueDate, addMonths(today, 3), 'past due: from today')
  const none = await createCompanyWithUsers(app, { dueDate: null })
  t.equal((await call(app, 'POST', `/companies/${none.id}/add-period`, sup.headers)).json().dueDate, addMonths(today, 1), 'no due date: from today')

  const denied = await call(app, 'POST', `/companies/${late.id}/add-period`, late.admin.headers)
  t.equal(denied.statusCode, 403, 'an admin cannot extend their own company')
  t.equal((await call(app, 'POST', '/companies/999999/add-period', sup.headers)).statusCode, 404)
})

t.test('opening hours: the company\'s admins (or a super user) set them', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const schedules = [
    { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
    { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
    { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
  ]
  const res = await call(app, 'PUT', `/companies/${a.id}/schedules`, a.admin.headers, { schedules })
  t.equal(res.statusCode, 200)
  t.same(res.json().schedules, schedules)
  t.same((await call(app, 'GET', `/companies/${a.id}`, a.user.headers)).json().schedules, schedules, 'saved')

  t.equal((await call(app, 'PUT', `/companies/${a.id}/schedules`, a.user.headers, { schedules: [] })).statusCode, 403, 'agents may not')
  const foreign = await call(app, 'PUT', `/companies/${b.id}/schedules`, a.admin.headers, { schedules: [] })
  t.equal(foreign.statusCode, 404, 'another company\'s hours are not found')
  t.equal((await call(app, 'GET', `/companies/${b.id}`, b.admin.headers)).json().schedules.length, 7, 'and untouched')
  t.equal((await call(app, 'PUT', `/companies/${b.id}/schedules`, sup.headers, { schedules: schedules.slice(0, 1) })).json().schedules.length, 1)

  for (const bad of [
    [{ weekday: 'Segunda', weekdayEn: 'monday', startTime: '25:00', endTime: '18:00' }],
    [{ weekday: 'Segunda', weekdayEn: 'monday', startTime: '8h', endTime: '18:00' }],
    [{ weekday: 'Segunda', weekdayEn: 'funday', startTime: '08:00', endTime: '18:00' }],
    Array.from({ length: 8 }, () => schedules[0]),
  ]) {
    const r = await call(app, 'PUT', `/companies/${a.id}/schedules`, a.admin.headers, { schedules: bad })
    t.equal(r.statusCode, 400)
    t.equal(r.json().error, 'ERR_VALIDATION')
  }
  t.same((await call(app, 'GET', `/companies/${a.id}`, a.admin.headers)).json().schedules, schedules, 'a refused change changed nothing')
})

t.test('listPlan: the plan\'s use* flags for the company; a switched-off module reads false', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const pro = await createCompanyWithUsers(app)
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })

  const res = await call(app, 'GET', `/companies/listPlan/${pro.id}`, pro.user.headers)
  t.equal(res.statusCode, 200)
  const plan = res.json().plan
  t.equal(plan.name, 'PRO')
  t.equal(plan.users, 20)
  for (const f of SPEC_FEATURES) t.equal(plan[f.feature], true, `PRO ${f.feature}`)

  const b = (await call(app, 'GET', `/companies/listPlan/${basic.id}`, basic.admin.headers)).json().plan
  t.equal(b.name, 'Básico')
  t.same(SPEC_FEATURES.filter((f) => b[f.feature] === true).map((f) => f.feature).sort(), ['useInternalChat', 'useSchedules'])
  t.equal(b.useCampaigns, false, 'every spec flag is present, false when not in the plan')
  t.equal(b.useExternalApi, false)

  const off = await call(app, 'PUT', '/modules/useKanban', pro.admin.headers, { enabled: false })
  t.equal(off.statusCode, 200)
  const after = (await call(app, 'GET', `/companies/listPlan/${pro.id}`, pro.user.headers)).json().plan
  t.equal(after.useKanban, false, 'switched off')
  t.equal(after.useCampaigns, true, 'the others stay on')
  t.equal((await call(app, 'GET', `/companies/listPlan/${basic.id}`, basic.admin.headers)).json().plan.useSchedules, true, 'other companies unaffected')

  const foreign = await call(app, 'GET', `/companies/listPlan/${basic.id}`, pro.admin.headers)
  t.equal(foreign.statusCode, 404)
  t.notMatch(foreign.body, /Básico/)
  t.equal((await call(app, 'GET', `/companies/listPlan/${basic.id}`, sup.headers)).json().plan.name, 'Básico', 'a super user reads any')
  t.equal((await app.inject({ method: 'GET', url: `/api/companies/listPlan/${pro.id}` })).statusCode, 401)
})
