import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build, buildApp, connect, createCompanyWithUsers, createSuper, onlyPlugin } from '@zapdesk/plugin-api/testing'
import { call } from './test-helpers.ts'

const PLUGIN = fileURLToPath(new URL('..', import.meta.url))
// Two instances share one MariaDB and one Redis (an embedded SQLite file serves one instance).
const skip = process.env.TEST_DATABASE_URL && process.env.REDIS_URL ? false : 'TEST_DATABASE_URL and REDIS_URL not set: two instances need MariaDB and Redis'

t.test('saved on one instance, heard by two companies\' users connected to another', { skip }, async (t) => {
  const one = await build(t, onlyPlugin(PLUGIN))
  const two = await buildApp({ env: {}, pluginsDir: onlyPlugin(PLUGIN).pluginsDir, config: one.config })
  t.teardown(() => two.close())
  await two.ready()
  const boss = await createSuper(one)
  const [a, b] = [await createCompanyWithUsers(one), await createCompanyWithUsers(one)]
  const [aAgent, bAdmin] = [await connect(two, a.user.token, t), await connect(two, b.admin.token, t)]
  await Promise.all([aAgent.sync(), bAdmin.sync()])
  const saved = (await call(one, 'POST', '/announcements', boss.headers, { title: 'Janela de manutenção', text: 'Sábado às 23h', priority: 2 })).json()
  t.match(await aAgent.next((f) => f.event === `company-${a.id}-announcement`), { data: { action: 'create', record: { id: saved.id, title: 'Janela de manutenção', priority: 2 } } })
  t.match(await bAdmin.next((f) => f.event === `company-${b.id}-announcement`), { data: { action: 'create', record: { id: saved.id } } })
  await call(one, 'DELETE', `/announcements/${saved.id}`, boss.headers)
  t.match(await aAgent.next((f) => f.event === `company-${a.id}-announcement` && f.data?.action === 'delete'), { data: { id: saved.id } })
  await aAgent.sync()
  t.equal(aAgent.count(`company-${a.id}-announcement`), 2, 'once each, not once per instance')
  t.equal(aAgent.frames.filter((f) => f.event?.includes('announcementManage')).length, 0, 'an agent never hears the management topic')
})
