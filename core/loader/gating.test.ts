import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, type TestCompany } from '../testing/fixtures.ts'
import { connect, type TestSocket } from '../realtime/ws-test-client.ts'
import { withHelloPlugin } from '../testing/fixtures/third-party/paths.ts'

const notes = (app: FastifyInstance, c: TestCompany, method: 'GET' | 'POST' = 'GET') =>
  app.inject({ method, url: '/api/hello-notes', headers: c.user.headers, ...(method === 'POST' && { payload: { text: 'x' } }) })

/** Publishes one helloNote and, after it, an ungated marker: once the marker arrives, the note had its chance. */
async function publishAndSettle(app: FastifyInstance, c: TestCompany, sockets: TestSocket[], n: number): Promise<void> {
  app.realtime.publish({ companyId: c.id, topic: 'helloNote', data: { action: 'create', note: { id: n } } })
  app.realtime.publish({ companyId: c.id, topic: 'company', data: { action: 'marker', n } })
  for (const s of sockets) await s.next((f) => f.event === `company-${c.id}-company` && f.data?.n === n)
}

t.test('a plan without the plugin\'s feature gets 403 ERR_FEATURE_DISABLED on its routes and none of its frames', async (t) => {
  const app = await build(t, withHelloPlugin)
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })
  for (const method of ['GET', 'POST'] as const) {
    const res = await notes(app, basic, method)
    t.equal(res.statusCode, 403, `${method} refused`)
    t.equal(res.json().error, 'ERR_FEATURE_DISABLED')
  }
  t.equal(await app.knex('hello_notes').count({ n: '*' }).first().then((r) => Number(r!.n)), 0, 'the refused POST wrote nothing')
  const enable = await app.inject({ method: 'PUT', url: '/api/modules/useHello', headers: basic.admin.headers, payload: { enabled: true } })
  t.equal(enable.statusCode, 403, 'an admin cannot switch on what the plan lacks')
  t.equal(enable.json().error, 'ERR_MODULE_NOT_IN_PLAN')

  const socket = await connect(app, basic.admin.token, t)
  await publishAndSettle(app, basic, [socket], 1)
  t.equal(socket.count(`company-${basic.id}-helloNote`), 0, 'the topic is gated by the plan too')
})

t.test('with the feature in the plan: 200; switched off by the admin: 403 and no more frames; back on: both return', async (t) => {
  const app = await build(t, withHelloPlugin)
  const pro = await createCompanyWithUsers(app)
  t.equal((await notes(app, pro)).statusCode, 200)
  t.equal((await notes(app, pro, 'POST')).statusCode, 201)

  const agent = await connect(app, pro.user.token, t)
  const admin = await connect(app, pro.admin.token, t)
  const event = `company-${pro.id}-helloNote`
  await publishAndSettle(app, pro, [agent, admin], 1)
  t.equal(agent.count(event), 1, 'the agent receives the topic while the module is on')
  t.equal(admin.count(event), 1)

  const toggle = (enabled: boolean) => app.inject({ method: 'PUT', url: '/api/modules/useHello', headers: pro.admin.headers, payload: { enabled } })
  const agentToggle = await app.inject({ method: 'PUT', url: '/api/modules/useHello', headers: pro.user.headers, payload: { enabled: false } })
  t.equal(agentToggle.statusCode, 403, 'only admins switch modules')
  const off = await toggle(false)
  t.equal(off.statusCode, 200)
  t.match(off.json(), { feature: 'useHello', inPlan: true, enabled: false })
  await app.events.idle()

  for (const method of ['GET', 'POST'] as const) {
    const res = await notes(app, pro, method)
    t.equal(res.statusCode, 403, `${method} refused once switched off`)
    t.equal(res.json().error, 'ERR_FEATURE_DISABLED')
  }
  t.equal((await app.inject({ method: 'GET', url: `/api/companies/listPlan/${pro.id}`, headers: pro.admin.headers })).json().plan.useHello, false)
  await agent.next((f) => f.event === `company-${pro.id}-modules` && (f.data?.module as { enabled?: boolean })?.enabled === false)
  await publishAndSettle(app, pro, [agent, admin], 2)
  t.equal(agent.count(event), 1, 'no helloNote frame after the switch')
  t.equal(admin.count(event), 1, 'not even for the admin who switched it')

  t.equal((await toggle(true)).statusCode, 200)
  await app.events.idle()
  t.equal((await notes(app, pro)).statusCode, 200, 'back on within the plan')
  await publishAndSettle(app, pro, [agent, admin], 3)
  t.equal(agent.count(event), 2, 'the same socket receives the topic again')
})
