import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { connect } from '@zapdesk/plugin-api/testing'
import { call, createQueue } from './test-helpers.ts'

t.test('queue create/update/delete reach every socket of the company and none of another', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const admin = await connect(app, c.admin.token, t)
  const agent = await connect(app, c.user.token, t)
  const stranger = await connect(app, other.admin.token, t)
  const event = `company-${c.id}-queue`

  const q = await createQueue(app, c.admin.headers, { name: 'Ao vivo' })
  for (const s of [admin, agent]) t.match((await s.next((f) => f.event === event && f.data?.action === 'create')).data, { action: 'create', queue: { id: q.id, name: 'Ao vivo', companyId: c.id } })
  await call(app, 'PUT', `/queue/${q.id}`, c.admin.headers, { name: 'Renomeada' })
  t.match((await agent.next((f) => f.event === event && f.data?.action === 'update')).data, { queue: { id: q.id, name: 'Renomeada' } })
  await call(app, 'DELETE', `/queue/${q.id}`, c.admin.headers)
  t.same((await agent.next((f) => f.event === event && f.data?.action === 'delete')).data, { action: 'delete', queueId: q.id })

  await stranger.sync()
  t.equal(stranger.frames.filter((f) => f.event?.endsWith('-queue')).length, 0, 'the other company heard nothing')
  const refused = await call(app, 'PUT', `/queue/${q.id}`, c.user.headers, { name: 'x' })
  t.equal(refused.statusCode, 403)
  await agent.sync()
  t.equal(agent.count(event), 3, 'a refused write publishes nothing')
})
