import t from 'tap'
import type { Knex } from 'knex'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { connect } from '@zapdesk/plugin-api/testing'
import { call, createQueue } from './test-helpers.ts'

const ids = (list: Array<{ id: number }>) => list.map((x) => x.id)

t.test('users get queues: saved with the user, shown as { id, name, color } in menu order, cleared with []', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const b = await createQueue(app, c.admin.headers, { name: 'Beta', color: '#00ff00' })
  const a = await createQueue(app, c.admin.headers, { name: 'Alfa', color: '#ff0000' })
  const created = await call(app, 'POST', '/users', c.admin.headers, { name: 'Nova', email: `nova${Date.now()}@example.test`, password: 'Secret123', queueIds: [b.id, a.id, a.id] })
  t.equal(created.statusCode, 201)
  t.same(created.json().queues, [{ id: a.id, name: 'Alfa', color: '#ff0000' }, { id: b.id, name: 'Beta', color: '#00ff00' }])
  const id = created.json().id
  t.same(ids((await call(app, 'GET', `/users/${id}`, c.admin.headers)).json().queues), [a.id, b.id])
  const listed = (await call(app, 'GET', '/users/list', c.admin.headers)).json() as Array<{ id: number; queues: unknown[] }>
  t.same(listed.find((u) => u.id === id)?.queues.length, 2, 'lists are decorated too')
  t.same(listed.find((u) => u.id === c.admin.id)?.queues, [], 'a user in no queue')

  t.same(ids((await call(app, 'PUT', `/users/${id}`, c.admin.headers, { queueIds: [b.id] })).json().queues), [b.id], 'replaced')
  t.same(ids((await call(app, 'PUT', `/users/${id}`, c.admin.headers, { name: 'Nova Nome' })).json().queues), [b.id], 'kept when not sent')
  t.same((await call(app, 'PUT', `/users/${id}`, c.admin.headers, { queueIds: [] })).json().queues, [], 'cleared')
})

t.test('a foreign or unknown queue id is 404 and links nothing (the user is not even created)', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const mine = await createQueue(app, c.admin.headers)
  const foreign = await createQueue(app, other.admin.headers)
  const email = `x${Date.now()}@example.test`
  const refused = await call(app, 'POST', '/users', c.admin.headers, { name: 'Xis', email, password: 'Secret123', queueIds: [mine.id, foreign.id] })
  t.equal(refused.statusCode, 404)
  t.same(refused.json(), { error: 'ERR_NO_QUEUE_FOUND', message: 'ERR_NO_QUEUE_FOUND', details: { queueIds: [foreign.id] } })
  t.notOk(await app.knex('users').where({ email }).first(), 'the user\'s transaction rolled back')
  await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { queueIds: [mine.id] })
  for (const queueIds of [[foreign.id], [mine.id, 999999]]) {
    const res = await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { queueIds })
    t.equal(res.json().error, 'ERR_NO_QUEUE_FOUND', JSON.stringify(queueIds))
  }
  t.same((await app.knex('userQueues').where({ userId: c.user.id }).select('queueId')).map((r) => r.queueId), [mine.id], 'the old links are untouched')
  t.equal(Number((await app.knex('userQueues').where({ queueId: foreign.id }).count({ n: '*' }).first())!.n), 0)
})

t.test('agents cannot change their own queues; admins can (user-modal:editQueues)', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers)
  t.equal((await call(app, 'PUT', `/users/${c.user.id}`, c.user.headers, { queueIds: [q.id] })).statusCode, 403)
  t.equal((await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { queueIds: [q.id] })).statusCode, 200)
  const same = await call(app, 'PUT', `/users/${c.user.id}`, c.user.headers, { name: 'Agente', queueIds: [q.id] })
  t.equal(same.statusCode, 200, 'the same queues sent back with the profile form are fine')
})

t.test('the auth context carries the user\'s queue ids; sockets follow a change', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const q1 = await createQueue(app, c.admin.headers)
  const q2 = await createQueue(app, c.admin.headers, { name: 'Dois' })
  await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { queueIds: [q1.id] })
  t.same((await app.authService.loadContext(c.user.id, 'any'))?.queueIds, [q1.id])

  const agent = await connect(app, c.user.token, t)
  const send = (n: number, queueId: number) => app.realtime.publish({ companyId: c.id, topic: 'queue', data: { action: 'probe', n }, audience: { queueIds: [queueId] } })
  send(1, q2.id)
  send(2, q1.id)
  t.equal((await agent.next((f) => f.data?.action === 'probe')).data?.n, 2, 'only the event for its queue')
  await call(app, 'PUT', `/users/${c.user.id}`, c.admin.headers, { queueIds: [q2.id] })
  await app.events.idle()
  const from = agent.frames.length
  send(3, q1.id)
  send(4, q2.id)
  t.equal((await agent.next((f) => f.data?.action === 'probe', 3000, from)).data?.n, 4, 'after the change, the new queue\'s')
})

t.test('for other plugins: app.queues checks and describes ids; the connections hooks use them', async (t) => {
  const app = await build(t)
  await app.ready()
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const q = await createQueue(app, c.admin.headers, { name: 'Vendas', color: '#123456' })
  const foreign = await createQueue(app, other.admin.headers)
  await t.resolves(app.queues.assertIds(c.id, [q.id, q.id]))
  await t.resolves(app.queues.assertIds(c.id, []))
  await t.rejects(app.queues.assertIds(c.id, [q.id, foreign.id]), { code: 'ERR_NO_QUEUE_FOUND', statusCode: 404, details: { queueIds: [foreign.id] } })
  t.same([...(await app.queues.describe(c.id, [q.id, foreign.id]))], [[q.id, { name: 'Vendas', color: '#123456' }]], 'foreign ids are left out')
  const channels = (app as unknown as { channels?: { queueHooks: { validate?: (c: number, ids: number[], trx: Knex.Transaction) => Promise<void> } } }).channels
  if (!channels) return t.comment('connections plugin not installed: hooks not checked')
  await t.rejects(app.knex.transaction((trx) => channels.queueHooks.validate!(c.id, [foreign.id], trx)), { code: 'ERR_NO_QUEUE_FOUND' })
  await t.resolves(app.knex.transaction((trx) => channels.queueHooks.validate!(c.id, [q.id], trx)))
})
