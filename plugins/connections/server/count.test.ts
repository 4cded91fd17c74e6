import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build, createCompanyWithUsers, onlyPlugin } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection } from './test-helpers.ts'

const PLUGIN = fileURLToPath(new URL('..', import.meta.url))

t.test('app.connections.count: the company\'s own connections, whatever their status; a deleted one no longer counts', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  t.equal(await app.connections.count(a.id), 0, 'none yet')
  const first = await sandboxConnection(app, a.admin.headers)
  await sandboxConnection(app, a.admin.headers)
  await sandboxConnection(app, b.admin.headers)
  t.equal(await app.connections.count(a.id), 2)
  t.equal(await app.connections.count(b.id), 1, 'another company\'s are not counted')
  t.equal((await call(app, 'DELETE', `/whatsapp/${first.id}`, a.admin.headers)).statusCode, 200)
  t.equal(await app.connections.count(a.id), 1)
  t.equal(await app.connections.count(999_999), 0, 'an unknown company has none')
})
