import t from 'tap'
import { build, buildApp, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection } from '../test-helpers.ts'
import { claimNext } from './claim.ts'
import { prepareCampaign } from './prepare.ts'

// Several instances share one MariaDB (an embedded SQLite file serves one instance).
const skip = process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL not set: several instances run on MariaDB'

t.test('two instances claiming at once: one send per pacing slot on a connection, whoever asks', { skip }, async (t) => {
  const one = await build(t)
  const two = await buildApp({ env: {}, config: one.config })
  t.teardown(() => two.close())
  await two.ready()
  const c = await createCompanyWithUsers(one)
  const whatsappId = await sandboxConnection(one, c.admin.headers)
  // The session down: the instances' own senders leave the rows alone; this test claims them itself.
  await call(one, 'DELETE', `/whatsappsession/${whatsappId}`, c.admin.headers)
  await call(one, 'POST', '/campaign-settings', c.admin.headers, { settings: { messageInterval: 5, longerIntervalAfter: 0 } })
  const list = (await call(one, 'POST', '/contact-lists', c.admin.headers, { name: 'Corrida' })).json()
  for (let i = 0; i < 6; i++) await call(one, 'POST', '/contact-list-items', c.admin.headers, { name: `Cliente ${i}`, number: `551197000000${i}`, contactListId: list.id })
  const campaign = (await call(one, 'POST', '/campaigns', c.admin.headers, { name: 'Corrida', whatsappId, contactListId: list.id, message1: 'Oi' })).json()
  await one.knex('campaigns').where({ id: campaign.id }).update({ status: 'EM_ANDAMENTO' })
  t.equal(await prepareCampaign(one, c.id, campaign.id), 6)
  const t0 = Date.now() + 3600_000
  for (const slot of [0, 5000, 10_000]) {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => claimNext(i % 2 ? two : one, c.id, whatsappId, t0 + slot)))
    const claimed = results.filter((r) => 'claimed' in r)
    t.equal(claimed.length, 1, `slot +${slot / 1000} s: one claim among 12 racing on two instances`)
    t.ok(results.filter((r) => !('claimed' in r)).every((r) => 'waitMs' in r && r.waitMs === 5000), 'the others wait the interval')
  }
  const sending = await one.knex('campaignShipping').where({ campaignId: campaign.id, state: 'sending' }).select('number')
  t.equal(new Set(sending.map((r) => r.number)).size, 3, 'three different recipients claimed, none twice')
})
