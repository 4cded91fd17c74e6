import t from 'tap'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp } from '../app.ts'
import { seedPlans } from '../accounts/seed.ts'
import { freshDatabase } from '../testing/database.ts'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { connect } from './ws-test-client.ts'

const REDIS_URL = process.env.REDIS_URL

/** Two instances of one install: the same database, the same Redis prefix and secrets, separate processes' worth of state. */
async function twoInstances(t: { teardown(fn: () => unknown): void }) {
  const db = await freshDatabase()
  const config = {
    env: 'test' as const, logLevel: 'silent' as const, serveWeb: false, bcryptCost: 4, dataDir: db.dataDir, databaseUrl: db.url,
    redisUrl: REDIS_URL, redisPrefix: `zt${randomBytes(5).toString('hex')}`,
    jwtSecret: randomBytes(32).toString('hex'), jwtRefreshSecret: randomBytes(32).toString('hex'),
  }
  const one = await buildApp({ env: {}, config })
  const two = await buildApp({ env: {}, config }).catch(async (err) => {
    await one.close()
    throw err
  })
  t.teardown(async () => {
    await Promise.all([one.close(), two.close()])
    await db.drop()
  })
  await seedPlans(one)
  return { one, two }
}

t.test('with Redis, an event published on one instance reaches the sockets of another', { skip: REDIS_URL ? false : 'REDIS_URL is not set: no second instance to bridge to' }, async (t) => {
  const { one, two } = await twoInstances(t)
  const a = await createCompanyWithUsers(one)
  const b = await createCompanyWithUsers(one)
  const onTwo = await connect(two, a.user.token, t)
  const otherCompany = await connect(two, b.user.token, t)
  const onOne = await connect(one, a.admin.token, t)
  await Promise.all([onTwo.sync(), otherCompany.sync(), onOne.sync()])

  one.realtime.publish({ companyId: a.id, topic: 'user', data: { action: 'update', n: 1 } })
  t.same(await onTwo.next((f) => f.event === `company-${a.id}-user`), { event: `company-${a.id}-user`, data: { action: 'update', n: 1 } }, 'delivered on instance 2')
  await onOne.next((f) => f.data?.n === 1)
  t.equal(onOne.count(`company-${a.id}-user`), 1, 'and once, not twice, on instance 1')

  two.realtime.publish({ companyId: b.id, topic: 'user', data: { action: 'update', n: 2 } })
  await otherCompany.next((f) => f.data?.n === 2)
  one.realtime.publish({ companyId: a.id, topic: 'user', data: { action: 'update', n: 3 }, audience: { admins: true } })
  await onOne.next((f) => f.data?.n === 3)
  // The audience travels with the message: instance 2 filters with it as instance 1 does.
  two.realtime.publish({ companyId: a.id, topic: 'user', data: { action: 'barrier', n: 4 } })
  await onTwo.next((f) => f.data?.n === 4)
  t.same(onTwo.frames.filter((f) => f.event).map((f) => f.data?.n), [1, 4], 'instance 2\'s agent: not the admins-only event')
  t.equal(otherCompany.frames.filter((f) => f.event?.startsWith(`company-${a.id}-`)).length, 0, '0 cross-company frames')
})

t.test('with Redis, sessions ended on one instance close their sockets on another, with the reason', { skip: REDIS_URL ? false : 'REDIS_URL is not set' }, async (t) => {
  const { one, two } = await twoInstances(t)
  const a = await createCompanyWithUsers(one)
  const ended = await connect(two, a.user.token, t)
  const bystander = await connect(two, a.admin.token, t)
  await Promise.all([ended.sync(), bystander.sync()])
  const res = await one.inject({ method: 'DELETE', url: `/api/users/${a.user.id}/sessions`, headers: a.admin.headers })
  t.equal(res.statusCode, 200)
  t.match(await ended.next((f) => f.type === 'error'), { error: 'ERR_SESSION_REVOKED' })
  t.same(await ended.closed, { code: 4401, reason: 'ERR_SESSION_REVOKED' })
  await bystander.sync()
  t.notOk(bystander.frames.some((f) => f.type === 'error'), 'the admin\'s socket stays')
})

t.test('with Redis, a user deleted on one instance loses the sockets on another', { skip: REDIS_URL ? false : 'REDIS_URL is not set' }, async (t) => {
  const { one, two } = await twoInstances(t)
  const a = await createCompanyWithUsers(one)
  const doomed = await connect(two, a.user.token, t)
  await doomed.sync()
  const del = await one.inject({ method: 'DELETE', url: `/api/users/${a.user.id}`, headers: a.admin.headers })
  t.equal(del.statusCode, 204)
  t.same(await doomed.closed, { code: 4401, reason: 'ERR_SESSION_EXPIRED' }, 'the user.deleted cluster handler ran on instance 2')
})

t.test('two installs sharing one Redis (different prefixes) do not hear each other\'s domain events', { skip: REDIS_URL ? false : 'REDIS_URL is not set' }, async (t) => {
  const [mine, theirs] = [await build(t), await build(t)]
  const heard: unknown[] = []
  theirs.events.on('plan.updated', (p) => void heard.push(p), { scope: 'cluster' })
  mine.events.on('plan.updated', (p) => void heard.push(p), { scope: 'cluster' })
  mine.events.emit('plan.updated', { planId: 424242 })
  await sleep(300)
  t.same(heard, [{ planId: 424242 }], 'only the emitting install\'s cluster handler ran')
})

t.test('with Redis, a platform-wide event published on one instance reaches every company\'s sockets on another, once', { skip: REDIS_URL ? false : 'REDIS_URL is not set' }, async (t) => {
  const { one, two } = await twoInstances(t)
  const [a, b] = [await createCompanyWithUsers(one), await createCompanyWithUsers(one)]
  for (const app of [one, two]) app.realtime.registerTopic('platformNews', {})
  const [aOnTwo, bOnTwo, bOnOne] = [await connect(two, a.user.token, t), await connect(two, b.user.token, t), await connect(one, b.admin.token, t)]
  await Promise.all([aOnTwo.sync(), bOnTwo.sync(), bOnOne.sync()])
  one.realtime.publishToAll({ topic: 'platformNews', data: { action: 'create', n: 1 } })
  t.same(await aOnTwo.next((f) => f.data?.n === 1), { event: `company-${a.id}-platformNews`, data: { action: 'create', n: 1 } }, 'company A on instance 2')
  t.same(await bOnTwo.next((f) => f.data?.n === 1), { event: `company-${b.id}-platformNews`, data: { action: 'create', n: 1 } }, 'company B on instance 2')
  await bOnOne.next((f) => f.data?.n === 1)
  one.realtime.publishToAll({ topic: 'platformNews', data: { action: 'barrier', n: 2 }, audience: { admins: true } })
  await bOnOne.next((f) => f.data?.n === 2)
  two.realtime.publish({ companyId: a.id, topic: 'platformNews', data: { n: 3 } })
  await aOnTwo.next((f) => f.data?.n === 3)
  t.same(aOnTwo.frames.filter((f) => f.event).map((f) => f.data?.n), [1, 3], 'once, and the admins-only one not to the agent on the other instance')
  t.equal(bOnOne.count(`company-${b.id}-platformNews`), 2, 'the publishing instance delivers its own sockets once')
})
