import t from 'tap'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper } from '../testing/fixtures.ts'
import { connect } from './ws-test-client.ts'

t.test('publishToAll reaches every company\'s sockets under their own event name, through the topic\'s gate and the audience', async (t) => {
  const app = await build(t)
  const [a, b] = [await createCompanyWithUsers(app), await createCompanyWithUsers(app)]
  const boss = await createSuper(app)
  // An action no profile holds: only super users (who hold every action) pass the drafts topic's gate.
  app.permissions.add({ 'platform:drafts': [] })
  const sockets = {
    aAgent: await connect(app, a.user.token, t), aAdmin: await connect(app, a.admin.token, t),
    bAgent: await connect(app, b.user.token, t), boss: await connect(app, boss.token, t),
  }
  const all = Object.entries(sockets)
  app.realtime.registerTopic('platformNews', {})
  app.realtime.registerTopic('platformDrafts', { permission: 'platform:drafts' })
  const received = async (publish: (marker: number) => void) => {
    const marker = Math.random()
    publish(marker)
    for (const [, s] of all) await s.sync()
    return Object.fromEntries(all.flatMap(([who, s]) => s.frames.filter((f) => f.data?.marker === marker).map((f) => [who, f.event])))
  }

  t.same(await received((marker) => app.realtime.publishToAll({ topic: 'platformNews', data: { action: 'create', marker } })), {
    aAgent: `company-${a.id}-platformNews`, aAdmin: `company-${a.id}-platformNews`, bAgent: `company-${b.id}-platformNews`, boss: `company-${boss.companyId}-platformNews`,
  }, 'one frame per socket, named after the socket\'s company')
  t.same(Object.keys(await received((marker) => app.realtime.publishToAll({ topic: 'platformNews', data: { marker }, audience: { admins: true } }))), ['aAdmin', 'boss'], 'the audience narrows it in every company')
  t.same(Object.keys(await received((marker) => app.realtime.publishToAll({ topic: 'platformDrafts', data: { marker } }))), ['boss'], 'a permission nobody but super users holds: super users only')
  t.same(await received((marker) => app.realtime.publishToAll({ topic: 'unregistered', data: { marker } })), {}, 'an unregistered topic goes nowhere')
  t.same(await received((marker) => app.realtime.publish({ companyId: b.id, topic: 'platformNews', data: { marker } })), { bAgent: `company-${b.id}-platformNews` }, 'publish stays company-scoped')
})
