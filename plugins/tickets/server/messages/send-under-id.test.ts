import t from 'tap'
import { randomBytes } from 'node:crypto'
import { AppError } from '@zapdesk/plugin-api'
import { Message } from '../models.ts'
import { sweepOutbound } from './sweep.ts'
import { messageRow, outbox, recordEvents, ticket, waitFor, world } from './test-helpers.ts'

const newId = () => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`

t.test('a message stored under a caller\'s id: sent under it, and a second call answers the stored message', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const id = newId()
  const first = await app.tickets.sendMessage(c.id, tk.id, { body: 'Lembrete da consulta', id })
  t.match(first, { externalId: id, sendStatus: 'queued' })
  const events = recordEvents(app)
  const again = await app.tickets.sendMessage(c.id, tk.id, { body: 'Lembrete da consulta', id })
  t.equal(again.id, first.id, 'the same message, not a second one')
  const both = await Promise.all([app.tickets.sendMessage(c.id, tk.id, { body: 'x', id: newId() }), app.tickets.sendMessage(c.id, tk.id, { body: 'x', id })])
  t.equal(both[1].id, first.id)
  await waitFor(async () => (await messageRow(app, c.id, both[0].id))?.sendStatus === 'sent', 5000, 'sent')
  const sent = await waitFor(async () => { const r = await messageRow(app, c.id, first.id); return r?.sendStatus === 'sent' ? r : undefined }, 5000, 'sent')
  t.equal(sent.externalId, id, 'the channel kept the chosen id')
  const box = await outbox(w)
  t.equal(box.filter((m) => m.externalId === id).length, 1, 'one message at the channel')
  t.equal((await app.bind(Message).query().forCompany(c.id).where({ ticketId: tk.id })).length, 2)
  await app.events.idle()
  t.notOk(events.includes(`message.created:${first.id}`), 'the repeated call announces nothing new')
})

t.test('a stale claim under a caller\'s id is settled by asking the channel: recorded when it left, sent when it did not', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const old = new Date(Date.now() - 10 * 60_000)
  const insert = (externalId: string) => app.bind(Message).query().forCompany(c.id).insert({
    ticketId: tk.id, contactId: tk.contactId, whatsappId: w.whatsappId, externalId, body: `agendada ${externalId}`, fromMe: true, read: true,
    mediaType: 'chat', ack: 0, isDeleted: false, isEdited: false, sendAttempts: 1, sendStatus: 'sending',
  })
  const left = await insert(newId())
  const cut = await insert(newId())
  await app.knex('messages').whereIn('id', [left.id, cut.id]).update({ updatedAt: old })
  // The worker that claimed `left` died after the channel took it; the one of `cut` before.
  const number = (await app.knex('contacts').where({ id: tk.contactId }).first('number')).number
  await app.channels.sendToNumber(c.id, w.whatsappId, number, { body: left.body, id: left.externalId! })
  await sweepOutbound(app)
  const settled = await messageRow(app, c.id, left.id)
  t.equal(settled!.sendStatus, 'sent', 'recorded, not sent again')
  // At least sent (1); the channel's own acks of that send may already have moved it on.
  t.ok(settled!.ack >= 1, `ack ${settled!.ack}`)
  await waitFor(async () => (await messageRow(app, c.id, cut.id))?.sendStatus === 'sent', 5000, 'the cut send completed')
  const box = await outbox(w)
  t.same([left, cut].map((m) => box.filter((b) => b.externalId === m.externalId).length), [1, 1], 'each once at the channel')
})

t.test('a failed message that carries its chosen id is deleted without asking the channel to revoke it', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId, userId: c.admin.id, status: 'open' })
  const m = await app.bind(Message).query().forCompany(c.id).insert({
    ticketId: tk.id, contactId: tk.contactId, whatsappId: w.whatsappId, externalId: newId(), body: 'falhou', fromMe: true, read: true,
    mediaType: 'chat', ack: 0, isDeleted: false, isEdited: false, sendAttempts: 6, sendStatus: 'failed', sendError: 'ERR_SENDING_WAPP_MSG',
  })
  const res = await app.inject({ method: 'DELETE', url: `/api/messages/${m.id}`, headers: c.admin.headers })
  t.equal(res.statusCode, 200, res.body)
  t.equal(Boolean((await messageRow(app, c.id, m.id))!.isDeleted), true)
})

t.test('a send cut off on its way is retried under its id, its caller\'s or the one its claim fixed: one message at the channel', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const real = app.channels.send.bind(app.channels)
  const cutOnce = new Set<string>()
  // The instance running the session took the message, then its answer never came back (it died, as kill -9 does).
  app.channels.send = async (companyId, whatsappId, message) => {
    const sent = await real(companyId, whatsappId, message)
    if (!cutOnce.has(message.body ?? '')) {
      cutOnce.add(message.body ?? '')
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409, { reason: 'the instance running this session did not answer' })
    }
    return sent
  }
  t.teardown(() => { app.channels.send = real })
  const id = newId()
  const chosen = await app.tickets.sendMessage(c.id, tk.id, { body: 'com id', id })
  const plain = await app.tickets.sendMessage(c.id, tk.id, { body: 'sem id' })
  await waitFor(async () => (await messageRow(app, c.id, chosen.id))?.sendStatus === 'sent', 10_000, 'sent on the retry')
  const fixed = await waitFor(async () => { const r = await messageRow(app, c.id, plain.id); return r?.sendStatus === 'sent' ? r : undefined }, 10_000, 'sent on the retry')
  const box = await outbox(w)
  t.equal(box.filter((m) => m.externalId === id).length, 1, 'the retry under the caller\'s id is one message')
  t.equal(box.filter((m) => m.externalId === fixed.externalId).length, 1, 'and under the id its claim fixed')
})
