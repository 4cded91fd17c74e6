import t from 'tap'
import { buildApp } from '@zapdesk/plugin-api/testing'
import { receiver, verify } from '../test-support/receiver.ts'
import { call, SECRET, waitFor, world } from '../test-support/world.ts'
import { WebhookDelivery } from '../models.ts'
import { claimDue } from './claim.ts'
import { wake } from './worker.ts'

const log = async (w: Awaited<ReturnType<typeof world>>, endpointId: number) =>
  (await call(w.app, 'GET', `/webhooks/${endpointId}/deliveries`, w.c.admin.headers)).json().deliveries as Array<{ id: number; uuid: string; event: string; status: string; attempts: number; httpStatus: number | null; error: string | null }>

t.test('a customer\'s message: ticket.opened then message.received, signed, with the payload a receiver needs', async (t) => {
  const rx = await receiver(t)
  const w = await world(t, rx, { startJobs: true })
  const hook = await w.endpoint(['ticket.opened', 'message.received', 'message.sent'])
  await w.customer('5511988880001', 'Quero saber do meu pedido')
  await waitFor(async () => rx.received.length >= 2 || undefined, 10_000, 'two deliveries')
  const [opened, received] = rx.received
  for (const r of rx.received) t.ok(verify(SECRET, r), `${r.json.event}: HMAC-SHA256 of "<timestamp>.<body>" under the endpoint's secret`)
  t.notOk(verify('outro-segredo-qualquer-0000', opened), 'and not under another secret')
  t.match(opened.headers, { 'content-type': 'application/json', 'x-zapdesk-event': 'ticket.opened', 'x-zapdesk-delivery': opened.json.id })
  t.match(opened.json, { event: 'ticket.opened', companyId: w.c.id, data: { ticket: { status: 'pending', contact: { number: '5511988880001' } } } })
  t.match(received.json, { event: 'message.received', data: { message: { body: 'Quero saber do meu pedido', fromMe: false }, ticket: { id: opened.json.data.ticket.id } } })
  t.ok(/^[0-9a-f-]{36}$/.test(received.json.id) && received.json.id !== opened.json.id, 'each delivery has its own id')
  t.notOk('mediaPath' in received.json.data.message, 'no server paths')

  const ticket = await w.ticketOf('5511988880001')
  await call(w.app, 'POST', `/messages/${ticket.id}`, w.c.admin.headers, { body: 'Já vejo para você' })
  const sent = await waitFor(async () => rx.received.find((r) => r.json.event === 'message.sent'), 10_000, 'message.sent')
  t.match(sent.json.data.message, { body: /Já vejo para você/, fromMe: true })
  // The log is written once the receiver answered: wait for it.
  const rows = await waitFor(async () => { const l = await log(w, hook.id); return l.every((d) => d.status === 'delivered') && l }, 5000, 'logged')
  t.match(rows, [{ event: 'message.sent', status: 'delivered', attempts: 1, httpStatus: 200 }, { event: 'message.received' }, { event: 'ticket.opened' }])
})

t.test('ticket events: accepted, transferred, closed; contact events; only what the endpoint chose', async (t) => {
  const rx = await receiver(t)
  const w = await world(t, rx)
  await w.endpoint(['ticket.accepted', 'ticket.transferred', 'ticket.closed', 'contact.created'])
  await w.customer('5511988880002', 'oi')
  const ticket = await w.ticketOf('5511988880002')
  await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { status: 'open', userId: w.c.admin.id })
  await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { userId: w.c.user.id })
  await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { status: 'closed' })
  await w.app.events.idle()
  for (let i = 0; i < 5; i++) await wake(w.app)
  // The contact's event and the ticket's are not ordered between them (different keys); each ticket's are.
  const ticketEvents = rx.received.filter((r) => r.json.event.startsWith('ticket.'))
  t.same(ticketEvents.map((r) => r.json.event), ['ticket.accepted', 'ticket.transferred', 'ticket.closed'])
  t.match(ticketEvents[0].json.data, { ticket: { status: 'open', userId: w.c.admin.id }, previous: { status: 'pending' } })
  t.match(ticketEvents[1].json.data, { ticket: { userId: w.c.user.id }, previous: { userId: w.c.admin.id } })
  t.same(rx.received.filter((r) => r.json.event === 'contact.created').map((r) => r.json.data.contact.number), ['5511988880002'])
  t.equal(rx.received.length, 4, 'nothing it did not choose (ticket.opened, message.received)')
})

t.test('campaign.finished and payment.received reach the endpoints that want them, with the data the event carries', async (t) => {
  const rx = await receiver(t)
  const w = await world(t, rx)
  await w.endpoint(['campaign.finished', 'payment.received'])
  const campaign = { campaignId: 7, name: 'Black Friday', completedAt: '2026-11-27T12:00:00.000Z', delivered: 10, failed: 2, total: 12 }
  const payment = { invoiceId: 9, detail: 'Plano Pro', value: 99.9, provider: 'asaas', kind: 'cycle', paidAt: '2026-11-27T12:00:00.000Z' }
  w.app.events.emit('campaign.finished', { companyId: w.c.id, ...campaign })
  w.app.events.emit('payment.received', { companyId: w.c.id, ...payment })
  w.app.events.emit('payment.received', { companyId: w.c.id + 1000, ...payment, invoiceId: 10 })
  await w.app.events.idle()
  await wake(w.app)
  t.same(rx.received.map((r) => r.json.event).sort(), ['campaign.finished', 'payment.received'], 'another company\'s payment is not this endpoint\'s')
  t.same(rx.received.find((r) => r.json.event === 'campaign.finished')!.json.data, { campaign })
  t.same(rx.received.find((r) => r.json.event === 'payment.received')!.json.data, { payment })
  for (const r of rx.received) t.ok(verify(SECRET, r), `${r.json.event} signed`)
})

t.test('a failing receiver: retried with growing delays, then failed past the retry window; resend delivers it', async (t) => {
  const rx = await receiver(t, () => 503)
  const w = await world(t, rx)
  // The real delays (30 s, 1 min, 2 min, ... capped at 1 h); the test moves each attempt's time instead of waiting.
  Object.assign(w.app.webhooks.options, { retryBaseMs: 30_000, maxDelayMs: 3_600_000 })
  const hook = await w.endpoint(['contact.created'])
  await w.customer('5511988880003', 'oi')
  await wake(w.app)
  let [row] = await log(w, hook.id)
  t.match(row, { status: 'pending', attempts: 1, httpStatus: 503, error: 'answered 503' })
  t.equal(await wake(w.app).then((c) => c.delivered + c.retry), 0, 'not before its retry time')
  const Rows = () => w.app.bind(WebhookDelivery).query().forCompany(w.c.id).findById(row.id)
  const waits: number[] = []
  for (let i = 0; i < 3; i++) {
    const stored = (await Rows())!
    waits.push(Math.round((new Date(stored.nextAt).getTime() - new Date(stored.updatedAt!).getTime()) / 1000))
    await Rows().patch({ nextAt: new Date().toISOString() })
    await wake(w.app)
  }
  t.same(waits, [30, 60, 120], 'exponential backoff from 30 s')
  t.equal((await import('../options.ts')).retryDelay(w.app.webhooks.options, 12), 3_600_000, 'capped at an hour')
  t.equal(rx.received.length, 4)
  t.same(new Set(rx.received.map((r) => r.json.id)).size, 1, 'the same id on every attempt')
  t.ok(rx.received.every((r) => verify(SECRET, r)), 'each attempt signed afresh')

  // A minute before its 24 h run out: the next retry (4 min away) would come too late, so this failure gives up.
  await w.app.bind(WebhookDelivery).query().forCompany(w.c.id).findById(row.id).patch({ expiresAt: new Date(Date.now() + 60_000).toISOString(), nextAt: new Date().toISOString() })
  await wake(w.app)
  ;[row] = await log(w, hook.id)
  t.match(row, { status: 'failed', attempts: 5, error: 'answered 503' })
  await Rows().patch({ nextAt: new Date(0).toISOString() })
  await wake(w.app)
  t.equal(rx.received.length, 5, 'failed is final')

  rx.answer = () => 204
  const resent = await call(w.app, 'POST', `/webhooks/${hook.id}/deliveries/${row.id}/resend`, w.c.admin.headers)
  t.match(resent.json(), { status: 'pending' })
  await wake(w.app)
  t.match((await log(w, hook.id))[0], { status: 'delivered', attempts: 6, httpStatus: 204 })
  t.equal(rx.received.at(-1)!.json.id, rx.received[0].json.id, 'resent under its id, for the receiver to drop if it had it')
  t.equal((await call(w.app, 'POST', `/webhooks/${hook.id}/deliveries/${row.id}/resend`, w.c.admin.headers)).statusCode, 200, 'a delivered one may go again')
  t.equal((await call(w.app, 'POST', `/webhooks/${hook.id}/deliveries/${row.id}/resend`, w.c.admin.headers)).json().error, 'ERR_WEBHOOK_DELIVERY_PENDING', 'not while waiting')
})

t.test('in order per ticket: a ticket\'s next delivery waits for the previous one; other tickets go on', async (t) => {
  let failA = true
  const rx = await receiver(t, (r) => (failA && r.json.data.ticket?.contact?.number === '5511988880004' ? 500 : 200))
  const w = await world(t, rx)
  w.app.webhooks.options.retryBaseMs = 60_000
  await w.endpoint(['message.received'])
  await w.customer('5511988880004', 'A1')
  await w.customer('5511988880004', 'A2')
  await w.customer('5511988880005', 'B1')
  await w.customer('5511988880004', 'A3')
  await wake(w.app)
  // A1 and B1 are different tickets' and go side by side: either may reach the receiver first.
  t.same(rx.received.map((r) => r.json.data.message.body).sort(), ['A1', 'B1'], 'A2 and A3 wait behind the failing A1; B1 goes')
  failA = false
  // A1's retry is due (rather than waiting its minute).
  await w.app.bind(WebhookDelivery).query().forCompany(w.c.id).where('status', 'pending').where('attempts', '>', 0).patch({ nextAt: new Date().toISOString() })
  for (let i = 0; i < 4; i++) await wake(w.app)
  const a = rx.received.filter((r) => r.json.data.ticket.contact.number === '5511988880004').map((r) => r.json.data.message.body)
  t.same(a, ['A1', 'A1', 'A2', 'A3'], 'then in order, each after the previous was delivered')
})

t.test('a disabled endpoint gets nothing new, and its waiting deliveries hold until it is enabled again', async (t) => {
  const rx = await receiver(t)
  const w = await world(t, rx)
  const hook = await w.endpoint(['message.received'])
  await w.customer('5511988880006', 'antes')
  await call(w.app, 'PUT', `/webhooks/${hook.id}`, w.c.admin.headers, { enabled: false })
  await wake(w.app)
  await w.customer('5511988880006', 'desligado')
  await wake(w.app)
  t.equal(rx.received.length, 0, 'nothing sent while disabled')
  t.same((await log(w, hook.id)).map((d) => d.status), ['pending'], 'the event from before is held; none written while off')
  t.equal((await call(w.app, 'POST', `/webhooks/${hook.id}/test`, w.c.admin.headers)).json().error, 'ERR_WEBHOOK_DISABLED')
  await call(w.app, 'PUT', `/webhooks/${hook.id}`, w.c.admin.headers, { enabled: true })
  await wake(w.app)
  t.same(rx.received.map((r) => r.json.data.message.body), ['antes'])
})

t.test('SSRF guard: an address off the allow-list is never called; the attempt is logged and retried', async (t) => {
  const rx = await receiver(t)
  const w = await world(t, rx)
  const hook = await w.endpoint(['contact.created'])
  w.app.webhooks.options.allowHosts = []
  await w.customer('5511988880007', 'oi')
  await wake(w.app)
  t.equal(rx.received.length, 0, 'the private receiver was not reached')
  t.match((await log(w, hook.id))[0], { status: 'pending', attempts: 1, httpStatus: null, error: /^blocked/ })
})

t.test('send a test event: a signed webhook.test to that endpoint only', async (t) => {
  const rx = await receiver(t)
  const w = await world(t, rx, { startJobs: true })
  const hook = await w.endpoint(['contact.created'])
  const other = await w.endpoint(['contact.created'], { url: `${rx.url}/other` })
  const res = await call(w.app, 'POST', `/webhooks/${hook.id}/test`, w.c.admin.headers)
  t.equal(res.statusCode, 201)
  const got = await waitFor(async () => rx.received[0], 10_000, 'the test event')
  t.match(got.json, { id: res.json().uuid, event: 'webhook.test', companyId: w.c.id, data: { endpointId: hook.id } })
  t.ok(verify(SECRET, got))
  await waitFor(async () => (await log(w, hook.id))[0].status === 'delivered' || undefined, 5000, 'logged delivered')
  t.same(await log(w, other.id), [], 'the other endpoint got nothing')
})

t.test('restart in the middle: a delivery claimed by a worker that died goes once the claim is stale, from another app on the same database', async (t) => {
  const rx = await receiver(t, () => 'hang')
  const w = await world(t, rx)
  const hook = await w.endpoint(['message.received'])
  w.app.webhooks.options.timeoutMs = 60_000
  await w.customer('5511988880008', 'um')
  await w.customer('5511988880008', 'dois')
  // The first app claims and posts the first delivery; the receiver never answers and the app goes away.
  const [claimed] = await claimDue(w.app, 8)
  t.match(claimed, { status: 'sending', attempts: 1 })
  t.equal((await claimDue(w.app, 8)).length, 0, 'the second waits behind it (same ticket)')
  const { deliver } = await import('./deliver.ts')
  void deliver(w.app, claimed).catch(() => undefined)
  await waitFor(async () => rx.received.length === 1 || undefined, 5000, 'the first post')

  rx.answer = () => 200
  const second = await buildApp({ env: {}, config: { ...w.app.config }, migrate: false, startJobs: false })
  t.teardown(() => second.close())
  second.webhooks.options.allowHosts = w.app.webhooks.options.allowHosts
  t.equal((await claimDue(second, 8)).length, 0, 'a fresh claim is respected (the first app may still answer)')
  // Two minutes later (the claim timeout is one): the first app is gone for good.
  await w.app.bind(WebhookDelivery).query().forCompany(w.c.id).findById(claimed.id).patch({ claimedAt: new Date(Date.now() - 120_000).toISOString() })
  const counts = await wake(second)
  t.equal(counts.delivered, 2, 'claimed again after the timeout, then the next one in order')
  t.same(rx.received.map((r) => r.json.data.message.body), ['um', 'um', 'dois'])
  t.equal(rx.received[0].json.id, rx.received[1].json.id, 'at least once: the same id, for the receiver to drop the duplicate')
  const rows = await log(w, hook.id)
  t.same(rows.map((r) => [r.status, r.attempts]), [['delivered', 1], ['delivered', 2]])
})

t.test('deliveries survive a restart: written while no worker ran, sent by the next app on boot', async (t) => {
  const rx = await receiver(t)
  const w = await world(t, rx)
  await w.endpoint(['message.received'])
  await w.customer('5511988880009', 'enquanto parado')
  await w.app.close()
  const next = await buildApp({ env: {}, config: { ...w.app.config }, migrate: false })
  t.teardown(() => next.close())
  next.webhooks.options.allowHosts = [rx.host]
  await next.ready()
  await waitFor(async () => rx.received.length === 1 || undefined, 10_000, 'delivered after the restart')
  t.equal(rx.received[0].json.data.message.body, 'enquanto parado')
})

t.test('settled deliveries leave the log after the kept days; waiting ones stay', async (t) => {
  const rx = await receiver(t, () => 500)
  const w = await world(t, rx)
  const hook = await w.endpoint(['contact.created'])
  await w.customer('5511988880010', 'oi')
  await w.customer('5511988880011', 'oi')
  await w.app.webhooks.sendTest(w.c.id, hook.id)
  const rows = await w.app.bind(WebhookDelivery).query().forCompany(w.c.id).orderBy('id')
  // Written past the model, which stamps updatedAt with now.
  const old = new Date(Date.now() - 31 * 24 * 60 * 60_000)
  await w.app.knex('webhookDeliveries').where({ id: rows[0].id }).update({ status: 'delivered', updatedAt: old })
  await w.app.knex('webhookDeliveries').where({ id: rows[1].id }).update({ status: 'pending', updatedAt: old })
  const { pruneSettled } = await import('./prune.ts')
  t.equal(await pruneSettled(w.app), 1)
  t.same((await w.app.bind(WebhookDelivery).query().forCompany(w.c.id).orderBy('id')).map((r) => r.id), [rows[1].id, rows[2].id], 'a month-old delivered row went; the waiting and the recent stayed')
})
