import t from 'tap'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { RedisLink } from '../redis/link.ts'
import { spyLogger } from '../testing/spy-logger.ts'
import { EventBus } from './bus.ts'

const REDIS_URL = process.env.REDIS_URL

async function waitFor(what: string, condition: () => boolean, ms = 3000): Promise<void> {
  for (const until = Date.now() + ms; !condition(); await sleep(5)) if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
}

t.test('on one instance, local and cluster handlers both run, with the payload', async (t) => {
  const bus = new EventBus(spyLogger().log)
  const seen: string[] = []
  bus.on('user.created', (p) => void seen.push(`local ${p.userId}`))
  bus.on('user.created', (p) => void seen.push(`cluster ${p.userId}`), { scope: 'cluster' })
  bus.on('user.deleted', () => void seen.push('other event'))
  bus.emit('user.created', { companyId: 1, userId: 7 })
  await bus.idle()
  t.same(seen.sort(), ['cluster 7', 'local 7'])
})

t.test('a failing handler is logged, never thrown at the emitter, and the others still run', async (t) => {
  const { log, errors } = spyLogger()
  const bus = new EventBus(log)
  let ran = 0
  bus.on('company.created', () => {
    throw new Error('sync boom')
  })
  bus.on('company.created', async () => {
    await sleep(1)
    throw new Error('async boom')
  }, { scope: 'cluster' })
  bus.on('company.created', () => void ran++)
  t.doesNotThrow(() => bus.emit('company.created', { companyId: 3 }))
  await bus.idle()
  t.equal(ran, 1)
  t.same(errors.map((e) => [e.obj.event, (e.obj.err as Error).message, e.msg]).sort(), [
    ['company.created', 'async boom', 'domain event handler failed'],
    ['company.created', 'sync boom', 'domain event handler failed'],
  ])
})

t.test('idle() waits for running handlers, including the ones they start', async (t) => {
  const bus = new EventBus(spyLogger().log)
  const done: string[] = []
  bus.on('company.created', async ({ companyId }) => {
    await sleep(30)
    done.push('first')
    bus.emit('company.updated', { companyId })
  })
  bus.on('company.updated', async () => {
    await sleep(30)
    done.push('second')
  })
  bus.emit('company.created', { companyId: 1 })
  t.same(done, [], 'emit does not wait')
  await bus.idle()
  t.same(done, ['first', 'second'])
  await bus.idle()
  t.pass('idle() with nothing running resolves')
})

t.test('the function on() returns unsubscribes', async (t) => {
  const bus = new EventBus(spyLogger().log)
  let n = 0
  const off = bus.on('plan.updated', () => void n++, { scope: 'cluster' })
  bus.emit('plan.updated', { planId: 1 })
  off()
  bus.emit('plan.updated', { planId: 1 })
  await bus.idle()
  t.equal(n, 1)
})

t.test('with Redis, cluster handlers run on every instance, local ones only where emitted', { skip: REDIS_URL ? false : 'REDIS_URL is not set: no bridge to test' }, async (t) => {
  const prefix = `zt${randomBytes(5).toString('hex')}`
  const open = async (p: string) => {
    const { log, errors } = spyLogger()
    const link = new RedisLink(REDIS_URL!, log)
    await link.connect()
    t.teardown(() => link.close())
    const bus = new EventBus(log, link, p)
    await link.ready()
    return { bus, errors }
  }
  const [a, b, foreign] = [await open(prefix), await open(prefix), await open(`${prefix}x`)]
  const seen: string[] = []
  for (const [name, { bus }] of Object.entries({ a, b, foreign })) {
    bus.on('user.updated', (p) => void seen.push(`${name} local ${p.userId}`))
    bus.on('user.updated', (p) => void seen.push(`${name} cluster ${p.userId}`), { scope: 'cluster' })
  }
  a.bus.emit('user.updated', { companyId: 1, userId: 5 })
  await waitFor('B\'s cluster handler', () => seen.includes('b cluster 5'))
  b.bus.emit('user.updated', { companyId: 1, userId: 6 })
  await waitFor('A\'s cluster handler', () => seen.includes('a cluster 6'))
  await sleep(50)
  t.same(seen.sort(), ['a cluster 5', 'a cluster 6', 'a local 5', 'b cluster 5', 'b cluster 6', 'b local 6'],
    'each cluster handler once per event, local handlers only on the emitter, nothing for another install\'s prefix')
  t.same([...a.errors, ...b.errors], [])
})

t.test('an event that has no cluster handler stays on its instance (nothing sent to Redis)', async (t) => {
  const published: string[] = []
  const link = { subscribe: async () => undefined, publish: (_channel: string, message: string) => void published.push(message) }
  const bus = new EventBus(spyLogger().log, link as unknown as RedisLink)
  bus.on('message.created', () => undefined)
  bus.on('user.updated', () => undefined, { scope: 'cluster' })
  bus.emit('message.created', { companyId: 1, ticketId: 2, messageId: 3 })
  bus.emit('user.updated', { companyId: 1, userId: 4 })
  await bus.idle()
  t.same(published.map((m) => JSON.parse(m).name), ['user.updated'])
})
