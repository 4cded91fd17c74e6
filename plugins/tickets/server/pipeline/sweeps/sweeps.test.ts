import t from 'tap'
import { buildApp } from '@zapdesk/plugin-api/testing'
import { Ticket } from '../../models.ts'
import { call, waitFor, world } from '../test-helpers.ts'
import { runSweeps } from './schedule.ts'

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)

t.test('inactive tickets are closed by the sweep that runs when the app starts again', async (t) => {
  const w = await world(t, { expiresTicket: 5, expiresInactiveMessage: 'Encerramos por inatividade, {{firstName}}.' })
  await w.inject({ id: 'a', from: '5511911112222', name: 'Hugo Melo', body: 'Oi' })
  await w.inject({ id: 'b', from: '5511933334444', name: 'Iris Nunes', body: 'Oi' })
  await w.inject({ id: 'c', from: '5511955556666', name: 'Jó Prado', body: 'Oi' })
  const [silent, accepted, recent] = await w.tickets()
  await w.app.tickets.lifecycle.accept(w.c.id, accepted.id, { userId: w.c.user.id })
  await w.app.knex('tickets').whereIn('id', [silent.id, accepted.id]).update({ lastMessageAt: minutesAgo(6) })
  await w.app.knex('tickets').where({ id: recent.id }).update({ lastMessageAt: minutesAgo(4) })
  const config = w.app.config
  await w.app.close()

  // A restart: a new app on the same database; its startup sweep catches up on what came due while nothing ran.
  const app = await buildApp({ env: {}, config })
  t.teardown(() => app.close())
  await app.ready()
  const tickets = () => app.bind(Ticket).query().forCompany(w.c.id).orderBy('id')
  // (the accepting agent's greeting is the other message sent)
  const farewellsOf = () => app.knex('messages').where({ companyId: w.c.id, fromMe: true }).where('body', 'like', 'Encerramos%').orderBy('id').select('ticketId', 'body')
  // The farewell is queued right after each close: wait for both, not only for the closes.
  await waitFor(async () => (await tickets()).filter((tk) => tk.status === 'closed').length === 2 && (await farewellsOf()).length === 2, 10_000, 'the startup sweep')
  const [a, b, c] = await tickets()
  t.match(a, { status: 'closed', active: null })
  t.match(b, { status: 'closed', active: null, userId: w.c.user.id }, 'open tickets expire too, the agent kept')
  t.match(c, { status: 'pending', active: 1 }, 'not silent long enough')
  const cycles = await app.knex('ticketCycles').whereIn('ticketId', [a.id, b.id]).whereNull('finishedAt')
  t.same(cycles, [], 'their service cycles finished')
  t.same(await farewellsOf(), [{ ticketId: a.id, body: 'Encerramos por inatividade, Hugo.' }, { ticketId: b.id, body: 'Encerramos por inatividade, Iris.' }])
  t.same(await runSweeps(app), { closed: 0, transferred: 0 }, 'a second sweep finds nothing to do')
})

t.test('connections without expiresTicket never close tickets', async (t) => {
  const w = await world(t)
  await w.inject({ id: 'a', body: 'Oi' })
  await w.app.knex('tickets').update({ lastMessageAt: minutesAgo(60 * 24 * 30) })
  t.same(await runSweeps(w.app), { closed: 0, transferred: 0 })
})

t.test('pending tickets move to the transfer queue once their timer is due; accepted ones stay', async (t) => {
  const w = await world(t)
  const target = (await call(w.app, 'POST', '/queue', w.c.admin.headers, { name: 'Plantão', color: '#abcdef' })).json().id
  const start = (await call(w.app, 'POST', '/queue', w.c.admin.headers, { name: 'Vendas', color: '#fedcba' })).json().id
  await call(w.app, 'PUT', `/whatsapp/${w.whatsappId}`, w.c.admin.headers, { transferQueueId: target, timeToTransfer: 10 })
  for (const from of ['5511911110001', '5511911110002', '5511911110003']) await w.inject({ id: from, from, body: 'Oi' })
  const [due, accepted, later] = await w.tickets()
  await w.app.tickets.lifecycle.accept(w.c.id, accepted.id, { userId: w.c.user.id })
  await w.app.knex('tickets').whereIn('id', [due.id, accepted.id]).update({ queueId: start, transferAt: minutesAgo(1) })
  await w.app.knex('tickets').where({ id: later.id }).update({ queueId: start, transferAt: new Date(Date.now() + 60_000) })
  const updates: Array<{ ticketId: number; previous?: Record<string, unknown> }> = []
  w.app.events.on('ticket.updated', (p) => void updates.push(p))

  t.same(await runSweeps(w.app), { closed: 0, transferred: 1 })
  const [a, b, c] = await w.tickets()
  t.match(a, { queueId: target, transferAt: null, status: 'pending', chatbot: false })
  t.match(b, { queueId: start, status: 'open' }, 'an agent has it: not moved')
  t.match(c, { queueId: start, transferAt: String }, 'not due yet')
  t.match(updates, [{ ticketId: a.id, previous: { queueId: start } }])

  t.same(await runSweeps(w.app, new Date(Date.now() + 2 * 60_000)), { closed: 0, transferred: 1 }, 'its time comes')
  t.match((await w.tickets({ id: c.id }))[0], { queueId: target })
})

t.test('a due timer without a transfer queue is dropped', async (t) => {
  const w = await world(t)
  await w.inject({ id: 'a', body: 'Oi' })
  await w.app.knex('tickets').update({ transferAt: minutesAgo(1) })
  t.same(await runSweeps(w.app), { closed: 0, transferred: 0 })
  t.match((await w.tickets())[0], { transferAt: null, queueId: null })
})
