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
  // A create starts its session where it was asked, unless the other instance's scan found the row first: either
  // way exactly one runs it, and the rest of the test follows whichever that is.
  const [owner, other] = one.channels.runsHere(w.id) ? [one, two] : [two, one]

  const heard = new Map<FastifyInstance, string[]>([[owner, []], [other, []]])
  for (const app of [owner, other]) app.events.on('message.inbound', (e) => void heard.get(app)!.push(e.event.externalId))
  const injected = await call(other, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '5511988887777', body: 'oi', id: 'in-1' })
  t.equal(injected.statusCode, 201, injected.body)
  await waitFor(() => heard.get(owner)!.length === 1, 10_000, 'inbound on the owner')
  t.same([heard.get(owner), heard.get(other)], [['in-1'], []], 'asked on the other, emitted once, by the owner')

  const viaOther = await other.channels.send(c.id, w.id, { to: '5511988887777', body: 'sent through the other' })
  const viaOwner = await owner.channels.send(c.id, w.id, { to: '5511988887777', body: 'sent through the owner' })
  t.match(viaOther, { externalId: /^SBX/, ack: 1 }, 'a send asked on the other is answered by the owner')
  t.same(await other.channels.checkNumber(c.id, w.id, '5511988887777'), { jid: '5511988887777@s.whatsapp.net', number: '5511988887777' })
  await t.rejects(other.channels.checkNumber(c.id, w.id, '12'), { code: 'ERR_WAPP_INVALID_CONTACT' }, 'errors cross instances with their code')

  owner.channels.abandon() // the owner dies: no more renewals, no answers, leases left to expire
  await t.rejects(other.channels.send(c.id, w.id, { to: '5511988887777', body: 'lost in the gap' }), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'until the lease expires, sends fail (and are retried by their job), never half-sent')
  // Every session moves, including those the owner had picked up by scanning (a scan may win the race with a create).
  await waitFor(() => [w, ...extra].every((x) => other.channels.runsHere(x.id)), 10_000, 'takeover of every session')
  const after = await other.channels.send(c.id, w.id, { to: '5511988887777', body: 'sent after takeover' })
  await call(other, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '5511988887777', body: 'again', id: 'in-2' })
  await waitFor(() => heard.get(other)!.length === 1, 10_000, 'inbound on the new owner')

  const outbox = (await call(other, 'GET', `/sandbox/${w.id}/outbox`, c.admin.headers)).json() as Array<{ externalId: string; body: string }>
  t.same(outbox.map((m) => m.body), ['sent after takeover', 'sent through the owner', 'sent through the other'], 'every send exactly once; the failed one never went out')
  t.same(outbox.map((m) => m.externalId), [after.externalId, viaOwner.externalId, viaOther.externalId])
  // The new owner records the status after its socket opens (its sends above already went through): a slow machine
  // can still be writing it.
  const status = async () => (await call(other, 'GET', `/whatsapp/${w.id}`, c.admin.headers)).json().status as string
  t.ok(await waitFor(async () => (await status()) === 'CONNECTED', 10_000, 'the new owner records CONNECTED'), 'the new owner records CONNECTED')
  await two.close()
  twoClosed = true
})
