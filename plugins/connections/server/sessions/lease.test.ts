import t from 'tap'
import { randomBytes } from 'node:crypto'
import { createClient } from 'redis'
import { LocalLease, RedisLease, type LeaseRedis } from './lease.ts'

t.test('a single instance holds every lease', async (t) => {
  const lease = new LocalLease('me')
  t.equal(await lease.acquire(), true)
  t.equal(await lease.owner(), 'me')
  t.same(await lease.renew(), [])
  t.equal(lease.clustered, false)
})

t.test('Redis leases: one holder, renewals, release by the holder only, expiry hands it over', { skip: !process.env.REDIS_URL && 'REDIS_URL not set' }, async (t) => {
  const client = createClient({ url: process.env.REDIS_URL })
  await client.connect()
  t.teardown(() => client.quit())
  const prefix = `zt${randomBytes(5).toString('hex')}`
  let ttl = 300
  const a = new RedisLease(client as unknown as LeaseRedis, prefix, () => ttl, 'A')
  const b = new RedisLease(client as unknown as LeaseRedis, prefix, () => ttl, 'B')
  t.equal(await a.acquire(1), true)
  t.equal(await b.acquire(1), false, 'taken')
  t.equal(await a.acquire(1), true, 'the holder may acquire again (restart)')
  t.equal(await b.owner(1), 'A')
  await b.release(1)
  t.equal(await a.owner(1), 'A', 'a non-holder cannot release')
  await new Promise((r) => setTimeout(r, 200))
  t.same(await a.renew([1]), [], 'renewed')
  await new Promise((r) => setTimeout(r, 200))
  t.equal(await b.acquire(1), false, 'the renewal kept it alive past the first ttl')
  await new Promise((r) => setTimeout(r, 400))
  t.equal(await a.owner(1), null, 'expired without renewals (the owner died)')
  ttl = 5000
  t.equal(await b.acquire(1), true, 'taken over')
  t.same(await a.renew([1, 2]), [1], 'the old owner learns it lost the one taken over; one nobody holds (Redis lost it) is taken back')
  t.equal(await a.owner(2), 'A')
  await a.release(2)
  await b.release(1)
  t.equal(await b.owner(1), null)
})
