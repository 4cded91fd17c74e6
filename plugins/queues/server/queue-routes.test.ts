import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, createSuper } from '@zapdesk/plugin-api/testing'
import { call, createQueue, queueBody } from './test-helpers.ts'

const SPEC_WEEK = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
]

t.test('POST /queue creates a queue with only the hours it is given; GET lists in menu order with each queue\'s hours now', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await call(app, 'POST', '/queue', c.admin.headers, { name: '  Suporte  ', color: '#FF00AA', greetingMessage: 'Olá!', outOfHoursMessage: 'Fechado', orderQueue: 2, integrationId: null, promptId: null })
  t.equal(res.statusCode, 201)
  const q = res.json()
  t.match(q, { name: 'Suporte', color: '#ff00aa', greetingMessage: 'Olá!', outOfHoursMessage: 'Fechado', orderQueue: 2, integrationId: null, promptId: null, companyId: c.id })
  t.same(q.schedules, [], 'no hours invented: without its own hours the queue is always open')
  const weekly = await createQueue(app, c.admin.headers, { name: 'Comercial', schedules: SPEC_WEEK })
  t.same((weekly as unknown as { schedules: unknown }).schedules, SPEC_WEEK, 'the spec\'s week when the admin gives it')

  const a = await createQueue(app, c.admin.headers, { name: 'Atendimento', orderQueue: 1 })
  const z = await createQueue(app, c.admin.headers, { name: 'Zeta' })
  const b = await createQueue(app, c.admin.headers, { name: 'Beta' })
  const list = await call(app, 'GET', '/queue', c.user.headers)
  t.equal(list.statusCode, 200, 'agents read the queues too')
  t.same(list.json().map((x: { id: number }) => x.id), [a.id, q.id, b.id, weekly.id, z.id], 'orderQueue first (unset last), then name')
  const states = Object.fromEntries(list.json().map((x: { id: number; hours: string }) => [x.id, x.hours]))
  t.equal(states[q.id], 'none', 'a queue without hours says so')
  t.match(states[weekly.id], /^(open|closed)$/, 'a queue with hours says whether it is open now')
  const one = await call(app, 'GET', `/queue/${q.id}`, c.user.headers)
  t.same(one.json(), q)
  const missing = await call(app, 'GET', '/queue/999999', c.admin.headers)
  t.equal(missing.statusCode, 404)
  t.equal(missing.json().error, 'ERR_NO_QUEUE_FOUND')
})

t.test('PUT /queue/:id changes fields, keeps the rest; schedules are stored Monday first with their labels', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers, { greetingMessage: 'Oi' })
  const week = [{ weekdayEn: 'sunday', startTime: '', endTime: '' }, { weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' }]
  const res = await call(app, 'PUT', `/queue/${q.id}`, c.admin.headers, { name: 'Financeiro', schedules: week, orderQueue: null })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { id: q.id, name: 'Financeiro', color: q.color, greetingMessage: 'Oi', orderQueue: null })
  t.same(res.json().schedules, [
    { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:30' },
    { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
  ])
  t.equal((await call(app, 'PUT', `/queue/${q.id}`, c.admin.headers, { color: q.color.toUpperCase() })).statusCode, 200, 'its own colour again is no conflict')
  t.equal((await call(app, 'PUT', '/queue/999999', c.admin.headers, { name: 'Nada' })).json().error, 'ERR_NO_QUEUE_FOUND')
})

t.test('validation: name 2-50, colour 3-9 and unique per company (any case), times, weekdays', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const invalid = async (body: object, field: string) => {
    const res = await call(app, 'POST', '/queue', c.admin.headers, body)
    t.equal(res.statusCode, 400, `${JSON.stringify(body)} refused`)
    t.equal(res.json().error, 'ERR_VALIDATION')
    t.match(res.json().details, [{ field }], `names ${field}`)
  }
  await invalid(queueBody({ name: 'A' }), 'body/name')
  await invalid(queueBody({ name: 'x'.repeat(51) }), 'body/name')
  await invalid(queueBody({ name: ' A ' }), 'body/name')
  await invalid({ name: 'Vendas' }, 'body')
  await invalid(queueBody({ color: '#a' }), 'body/color')
  await invalid(queueBody({ color: '#aabbccddee' }), 'body/color')
  await invalid(queueBody({ color: 'red; x' }), 'body/color')
  await invalid(queueBody({ schedules: [{ weekdayEn: 'monday', startTime: '25:00', endTime: '' }] }), 'body/schedules/0/startTime')
  await invalid(queueBody({ schedules: [{ weekdayEn: 'funday', startTime: '', endTime: '' }] }), 'body/schedules/0/weekdayEn')
  await invalid(queueBody({ schedules: [{ weekdayEn: 'monday', startTime: '08:00', endTime: '09:00' }, { weekdayEn: 'monday', startTime: '', endTime: '' }] }), 'body/schedules')

  const first = await createQueue(app, c.admin.headers, { color: '#ABCDEF' })
  const dup = await call(app, 'POST', '/queue', c.admin.headers, queueBody({ color: '#abcdef' }))
  t.equal(dup.statusCode, 409)
  t.equal(dup.json().error, 'ERR_QUEUE_COLOR_ALREADY_EXISTS')
  const second = await createQueue(app, c.admin.headers)
  const clash = await call(app, 'PUT', `/queue/${second.id}`, c.admin.headers, { color: '#AbCdEf' })
  t.equal(clash.json().error, 'ERR_QUEUE_COLOR_ALREADY_EXISTS', 'on update too')
  t.equal((await call(app, 'POST', '/queue', other.admin.headers, queueBody({ color: '#abcdef' }))).statusCode, 201, 'another company may use the colour')
  t.equal((await call(app, 'GET', `/queue/${first.id}`, c.admin.headers)).json().color, '#abcdef')
})

t.test('permissions: agents read, only admins write', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers)
  for (const [method, url, body] of [['POST', '/queue', queueBody()], ['PUT', `/queue/${q.id}`, { name: 'Outra' }], ['DELETE', `/queue/${q.id}`, undefined]] as const) {
    const res = await call(app, method, url, c.user.headers, body)
    t.equal(res.statusCode, 403, `${method} ${url} by an agent`)
    t.equal(res.json().error, 'ERR_NO_PERMISSION')
  }
  t.equal((await call(app, 'GET', '/queue')).statusCode, 401, 'no session, no queues')
  t.equal((await call(app, 'GET', `/queue/${q.id}`, c.admin.headers)).json().name, 'Vendas', 'nothing changed')
})

t.test('plan limit: the plan\'s queue count, then ERR_PLAN_LIMIT_QUEUES; a freed slot can be used again', async (t) => {
  const app = await build(t)
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })
  const made = []
  for (let i = 0; i < 3; i++) made.push(await createQueue(app, basic.admin.headers, { name: `Fila ${i}` }))
  const over = await call(app, 'POST', '/queue', basic.admin.headers, queueBody())
  t.equal(over.statusCode, 403)
  t.same(over.json(), { error: 'ERR_PLAN_LIMIT_QUEUES', message: 'ERR_PLAN_LIMIT_QUEUES', details: { limit: 3 } })
  t.equal((await call(app, 'GET', '/queue', basic.admin.headers)).json().length, 3, 'nothing written')
  await call(app, 'DELETE', `/queue/${made[0].id}`, basic.admin.headers)
  t.equal((await call(app, 'POST', '/queue', basic.admin.headers, queueBody())).statusCode, 201)
  const unlimited = await createCompanyWithUsers(app, { planName: 'Enterprise' })
  for (let i = 0; i < 25; i++) await createQueue(app, unlimited.admin.headers, { name: `Fila ${i}` })
  t.pass('a plan limit of 0 means unlimited')
})

t.test('GET /queue?companyId: super users read any company, others only their own', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const superUser = await createSuper(app)
  const q = await createQueue(app, other.admin.headers)
  t.equal((await call(app, 'GET', `/queue?companyId=${other.id}`, c.admin.headers)).statusCode, 403)
  t.same((await call(app, 'GET', `/queue?companyId=${c.id}`, c.admin.headers)).json(), [], 'one\'s own id is fine')
  t.same((await call(app, 'GET', `/queue?companyId=${other.id}`, superUser.headers)).json().map((x: { id: number }) => x.id), [q.id])
  t.equal((await call(app, 'GET', '/queue?companyId=999999', superUser.headers)).json().error, 'ERR_NO_COMPANY_FOUND')
  t.equal((await call(app, 'GET', `/queue/${q.id}`, c.admin.headers)).statusCode, 404, 'a foreign queue is not found')
})

t.test('DELETE /queue/:id takes its options and user links along and tells other plugins', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers)
  const keep = await createQueue(app, c.admin.headers, { name: 'Fica' })
  await call(app, 'POST', '/queue-options', c.admin.headers, { queueId: q.id, title: 'Comprar' })
  t.equal((await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { queueIds: [q.id, keep.id] })).statusCode, 200)
  const deleted: unknown[] = []
  app.events.on('queue.deleted', (p) => void deleted.push(p))
  const res = await call(app, 'DELETE', `/queue/${q.id}`, c.admin.headers)
  t.equal(res.statusCode, 204)
  await app.events.idle()
  t.same(deleted, [{ companyId: c.id, queueId: q.id }])
  t.equal(Number((await app.knex('queueOptions').where({ queueId: q.id }).count({ n: '*' }).first())!.n), 0, 'options gone')
  t.same((await call(app, 'GET', `/users/${c.user.id}`, c.admin.headers)).json().queues.map((x: { id: number }) => x.id), [keep.id], 'link gone, the other kept')
  t.equal((await call(app, 'DELETE', `/queue/${q.id}`, c.admin.headers)).statusCode, 404)
})
