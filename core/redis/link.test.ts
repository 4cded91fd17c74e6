import { randomBytes } from 'node:crypto'
import t from 'tap'
import { spyLogger } from '../testing/spy-logger.ts'
import { RedisLink } from './link.ts'

const REDIS_URL = process.env.REDIS_URL

t.test('the link\'s commands and its publish/subscribe on a real Redis', { skip: REDIS_URL ? false : 'REDIS_URL is not set' }, async (t) => {
  const { errors, warnings, log } = spyLogger()
  const a = new RedisLink(REDIS_URL!, log)
  const b = new RedisLink(REDIS_URL!, log)
  t.teardown(() => Promise.all([a.close(), b.close()]))
  const key = `zt:link:${randomBytes(6).toString('hex')}`
  const heardByB: string[] = []
  const heardByA: string[] = []
  b.subscribe(key, (m) => heardByB.push(m))
  a.subscribe(key, (m) => heardByA.push(m), { othersOnly: true })
  await Promise.all([a.connect(), b.connect()])

  t.equal(await a.client.get(key), null, 'GET of a missing key: null')
  t.equal(await a.client.set(key, 'first', { NX: true, PX: 5000 }), 'OK', 'SET NX PX on a free key')
  t.equal(await b.client.set(key, 'second', { NX: true, PX: 5000 }), null, 'SET NX on a taken key: null, value kept')
  t.equal(await b.client.get(key), 'first')
  t.same(await a.client.eval("return {redis.call('pttl', KEYS[1]) > 0 and 1 or 0, tonumber(ARGV[1]) + 1}", { keys: [key], arguments: ['41'] }), [1, 42], 'EVAL with keys and arguments')
  t.equal(await a.client.eval("return redis.call('exists', KEYS[1])", { keys: [key] }), 1, 'EVAL without arguments')
  t.equal(await a.client.del(key), 1)
  t.equal(await a.client.del(key), 0)

  // Two messages in one turn leave as one batch; A does not hear its own, B hears both, in order.
  a.publish(key, '{"n":1}')
  a.publish(key, '{"n":2}')
  const deadline = Date.now() + 5000
  while (heardByB.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
  t.same(heardByB, ['{"n":1}', '{"n":2}'])
  t.same(heardByA, [], 'othersOnly: its own link\'s messages are skipped')
  t.equal(await a.client.publish(`${key}:nobody`, 'x'), 0, 'PUBLISH answers the number of receivers')
  t.same([...errors, ...warnings], [], 'no error or warning logged')
})
