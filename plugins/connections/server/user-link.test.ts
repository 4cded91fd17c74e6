import t from 'tap'
import { build, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection } from './test-helpers.ts'

t.test('a user\'s own connection (whatsappId) is saved with the user, shown in every user answer and unlinked when gone', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  await sandboxConnection(app, a.admin.headers, { isDefault: true })
  const own = await sandboxConnection(app, a.admin.headers)
  const foreign = await sandboxConnection(app, b.admin.headers)
  const agentId = a.user.id

  const set = await call(app, 'PUT', `/users/${agentId}`, a.admin.headers, { whatsappId: own.id })
  t.equal(set.statusCode, 200, set.body)
  t.equal(set.json().whatsappId, own.id, 'the answer of the save')
  t.equal((await call(app, 'GET', `/users/${agentId}`, a.admin.headers)).json().whatsappId, own.id, 'GET /users/:id')
  const listed = (await call(app, 'GET', '/users', a.admin.headers)).json().users.find((u: { id: number }) => u.id === agentId)
  t.equal(listed.whatsappId, own.id, 'the users list')
  t.equal((await call(app, 'GET', '/auth/me', a.user.headers)).json().whatsappId, own.id, 'the user\'s own session (the new-ticket form preselects it)')

  const before = (await call(app, 'GET', `/users/${agentId}`, a.admin.headers)).json()
  const refused = await call(app, 'PUT', `/users/${agentId}`, a.admin.headers, { whatsappId: foreign.id, name: 'Renamed' })
  t.match({ status: refused.statusCode, error: refused.json().error }, { status: 404, error: 'ERR_NO_WAPP_FOUND' }, 'another company\'s connection')
  t.match((await call(app, 'GET', `/users/${agentId}`, a.admin.headers)).json(), { whatsappId: own.id, name: before.name }, 'nothing of the refused save was written')
  const created = await call(app, 'POST', '/users', b.admin.headers, { name: 'Intrusa', email: 'intrusa@example.test', password: 'secret1', profile: 'user', whatsappId: own.id })
  t.equal(created.statusCode, 404, 'a new user in B cannot name A\'s connection')
  t.equal((await app.knex('users').where({ email: 'intrusa@example.test' })).length, 0, 'and is not created')
  t.equal((await call(app, 'PUT', `/users/${agentId}`, a.user.headers, { whatsappId: null })).statusCode, 403, 'an agent does not choose their own connection')

  t.equal((await call(app, 'PUT', `/users/${agentId}`, a.admin.headers, { whatsappId: null })).json().whatsappId, null, 'null unlinks')
  await call(app, 'PUT', `/users/${agentId}`, a.admin.headers, { whatsappId: own.id })
  t.equal((await call(app, 'DELETE', `/whatsapp/${own.id}`, a.admin.headers)).statusCode, 200)
  t.equal((await call(app, 'GET', `/users/${agentId}`, a.admin.headers)).json().whatsappId, null, 'a deleted connection is no one\'s any more')
})
