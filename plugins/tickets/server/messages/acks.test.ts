import t from 'tap'
import { applyAck } from './acks.ts'
import { messageRow, recordEvents, ticket, waitFor, world } from './test-helpers.ts'

t.test('channel acks raise a sent message\'s ack and announce it', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const events = recordEvents(app)
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'chegou?' })
  // The sandbox acknowledges 1 on send, then 2 (delivered) and 3 (read) a moment later.
  await waitFor(async () => (await messageRow(app, c.id, m.id))?.ack === 3, 5000, 'read ack')
  await app.events.idle()
  t.ok(events.filter((e) => e === `message.updated:${m.id}`).length >= 3, 'sent, delivered and read each announced')
})

t.test('acks only go up, and only for the connection and company that sent the message', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'oi' })
  await app.knex('messages').where({ id: m.id }).update({ externalId: 'EXT-1', sendStatus: 'sent', ack: 1 })
  const ack = (ack: number, over: Partial<{ companyId: number; whatsappId: number }> = {}) => applyAck(app, { companyId: c.id, whatsappId: w.whatsappId, externalId: 'EXT-1', ack, ...over })

  t.equal(await ack(3), true)
  t.equal(await ack(2), false, 'a late "delivered" after "read"')
  t.equal(await ack(3), false, 'a repeated ack changes nothing')
  t.equal((await messageRow(app, c.id, m.id))!.ack, 3)
  t.equal(await ack(4, { whatsappId: w.whatsappId + 1000 }), false, 'another connection\'s message with that id')
  t.equal(await ack(4, { companyId: c.id + 1000 }), false, 'another company')
  t.equal((await messageRow(app, c.id, m.id))!.ack, 3)

  const events = recordEvents(app)
  app.events.emit('message.ack', { companyId: c.id, whatsappId: w.whatsappId, externalId: 'EXT-1', chatJid: 'x@s.whatsapp.net', ack: 4 })
  app.events.emit('message.ack', { companyId: c.id, whatsappId: w.whatsappId, externalId: 'EXT-1', chatJid: 'x@s.whatsapp.net', ack: 2 })
  await app.events.idle()
  t.equal((await messageRow(app, c.id, m.id))!.ack, 4, 'the event path: played')
  t.same(events.filter((e) => e.startsWith(`message.`) && e.endsWith(`:${m.id}`)), [`message.updated:${m.id}`], 'one announcement, for the ack that changed something')
})

t.test('an ack that overtakes the write of its external id is applied once the id is stored', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'corrida' })
  const pending = applyAck(app, { companyId: c.id, whatsappId: w.whatsappId, externalId: 'EXT-LATE', ack: 2 })
  await new Promise((r) => setTimeout(r, 100))
  await app.knex('messages').where({ id: m.id }).update({ externalId: 'EXT-LATE', sendStatus: 'sent', ack: 1 })
  t.equal(await pending, true)
  t.equal((await messageRow(app, c.id, m.id))!.ack, 2)
  // On a loaded server that write took most of a second: an ack waits longer than that.
  const slow = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'devagar' })
  const patient = applyAck(app, { companyId: c.id, whatsappId: w.whatsappId, externalId: 'EXT-SLOW', ack: 3 })
  await new Promise((r) => setTimeout(r, 1200))
  await app.knex('messages').where({ id: slow.id }).update({ externalId: 'EXT-SLOW', sendStatus: 'sent', ack: 1 })
  t.equal(await patient, true, 'stored 1.2 s after its ack')
  t.equal((await messageRow(app, c.id, slow.id))!.ack, 3)
  t.equal(await applyAck(app, { companyId: c.id, whatsappId: w.whatsappId, externalId: 'NEVER', ack: 2 }), false, 'an unknown id gives up')
})
