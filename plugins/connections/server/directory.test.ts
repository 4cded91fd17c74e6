import t from 'tap'
import { build, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, queueIds, sandboxConnection } from './test-helpers.ts'

t.test('loadMany: kept rows follow every change of a connection and of its queues at once; pairs name their own company only', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const [q1] = await queueIds(app, a.admin.headers, 1)
  const wa = await sandboxConnection(app, a.admin.headers, { greetingMessage: 'Oi' })
  const wb = await sandboxConnection(app, b.admin.headers)
  const load = async () => (await app.connections.loadMany([{ companyId: a.id, whatsappId: wa.id }])).get(`${a.id}:${wa.id}`)

  t.match(await load(), { row: { id: wa.id, greetingMessage: 'Oi' }, offersQueues: false })
  const first = await load()
  first!.row.greetingMessage = 'changed by a caller'
  t.equal((await load())!.row.greetingMessage, 'Oi', 'a caller changing its copy changes nothing kept')

  t.equal((await call(app, 'PUT', `/whatsapp/${wa.id}`, a.admin.headers, { greetingMessage: 'Escolha:', queueIds: [q1] })).statusCode, 200)
  t.match(await load(), { row: { greetingMessage: 'Escolha:' }, offersQueues: true }, 'the edit and the menu\'s queues, on the next batch')
  t.equal((await call(app, 'PUT', `/whatsapp/${wa.id}`, a.admin.headers, { queueIds: [] })).statusCode, 200)
  t.match(await load(), { offersQueues: false }, 'queues taken off the menu')

  const crossed = await app.connections.loadMany([{ companyId: a.id, whatsappId: wb.id }, { companyId: b.id, whatsappId: wa.id }, { companyId: b.id, whatsappId: wb.id }])
  t.same([...crossed.keys()], [`${b.id}:${wb.id}`], 'another company\'s connection id under a company finds nothing')
  t.equal((await call(app, 'DELETE', `/whatsapp/${wa.id}`, a.admin.headers)).statusCode, 200)
  t.equal(await load(), undefined, 'a deleted connection is gone at once')
})
