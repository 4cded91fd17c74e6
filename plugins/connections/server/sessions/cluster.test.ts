import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '@zapdesk/plugin-api/testing'
import { buildApp } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection, waitFor } from '../test-helpers.ts'

/** Short leases and scans, so an owner's death shows within a second or two. */
function fastCluster(app: FastifyInstance): void {
  Object.assign(app.channels.options, { autoStart: true, leaseTtlMs: 2000, renewMs: 200, scanMs: 200, staggerMs: 10, requestTimeoutMs: 800, sandboxAckDelayMs: 20 })
}

t.test('two instances: each session runs in one, requests reach the owner, a dead owner\'s sessions move', { skip: !process.env.REDIS_URL && 'REDIS_URL not set' }, async (t) => {
  const one = await build(t)
  const two = await buildApp({ env: {}, config: one.config })
  let twoClosed = false
  t.teardown(async () => {
    if (!twoClosed) await two.close()
  })
  fastCluster(one)
  fastCluster(two)
  await Promise.all([one.ready(), two.ready()])
  const c = await createCompanyWithUsers(one)
  const w = await sandboxConnection(one, c.admin.headers)
  const extra = await Promise.all([1, 2, 3].map((i) => sandboxConnection(two, c.admin.headers, { name: `Extra ${i}` })))
  await new Promise((r) => setTimeout(r, 600)) // several scans: nobody takes over a session that has a live owner
  for (const x of [w, ...extra]) t.equal(Number(one.channels.runsHere(x.id)) + Number(two.channels.runsHere(x.id)), 1, `connection ${x.id} runs in exactly one instance`)
  t.ok(one.channels.runsHere(w.id), 'created on one, runs on one')

  const heard = { one: [] as string[], two: [] as string[] }
  one.events.on('message.inbound', (e) => void heard.one.push(e.event.externalId))
  two.events.on('message.inbound', (e) => void heard.two.push(e.event.externalId))
  const injected = await call(two, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '5511988887777', body: 'oi', id: 'in-1' })
  t.equal(injected.statusCode, 201, injected.body)
  await waitFor(() => heard.one.length === 1, 10_000, 'inbound on the owner')
  t.same(heard, { one: ['in-1'], two: [] }, 'asked on two, emitted once, by the owner')

  const viaTwo = await two.channels.send(c.id, w.id, { to: '5511988887777', body: 'sent through two' })
  const viaOne = await one.channels.send(c.id, w.id, { to: '5511988887777', body: 'sent through one' })
  t.match(viaTwo, { externalId: /^SBX/, ack: 1 }, 'a send asked on two is answered by the owner')
  t.same(await two.channels.checkNumber(c.id, w.id, '5511988887777'), { jid: '5511988887777@s.whatsapp.net', number: '5511988887777' })
  await t.rejects(two.channels.checkNumber(c.id, w.id, '12'), { code: 'ERR_WAPP_INVALID_CONTACT' }, 'errors cross instances with their code')

  one.channels.abandon() // the owner dies: no more renewals, no answers, leases left to expire
  await t.rejects(two.channels.send(c.id, w.id, { to: '5511988887777', body: 'lost in the gap' }), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'until the lease expires, sends fail (and are retried by their job), never half-sent')
  // Every session moves, including those one had picked up by scanning (a scan may win the race with a create).
  await waitFor(() => [w, ...extra].every((x) => two.channels.runsHere(x.id)), 10_000, 'takeover of every session')
  const after = await two.channels.send(c.id, w.id, { to: '5511988887777', body: 'sent after takeover' })
  await call(two, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '5511988887777', body: 'again', id: 'in-2' })
  await waitFor(() => heard.two.length === 1, 10_000, 'inbound on the new owner')

  const outbox = (await call(two, 'GET', `/sandbox/${w.id}/outbox`, c.admin.headers)).json() as Array<{ externalId: string; body: string }>
  t.same(outbox.map((m) => m.body), ['sent after takeover', 'sent through one', 'sent through two'], 'every send exactly once; the failed one never went out')
  t.same(outbox.map((m) => m.externalId), [after.externalId, viaOne.externalId, viaTwo.externalId])
  // The new owner records the status after its socket opens (its sends above already went through): a slow machine
  // can still be writing it.
  const status = async () => (await call(two, 'GET', `/whatsapp/${w.id}`, c.admin.headers)).json().status as string
  t.ok(await waitFor(async () => (await status()) === 'CONNECTED', 10_000, 'the new owner records CONNECTED'), 'the new owner records CONNECTED')
  await two.close()
  twoClosed = true
})
