import t from 'tap'
import { randomBytes } from 'node:crypto'
import { AppError } from '@zapdesk/plugin-api'
import { Message, Ticket } from '../models.ts'
import { applyAck } from './acks.ts'
import { runSendJob, SEND_RETRIES } from './send-job.ts'
import { sweepOutbound } from './sweep.ts'
import { contact, inbound, messageRow, outbox, recordEvents, ticket, waitFor, world } from './test-helpers.ts'

t.test('enqueue stores a queued message and the job sends it once through the channel', async (t) => {
  const w = await world()
  const { app, c } = w
  const events = recordEvents(app)
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId, userId: c.user.id })
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: '*Agent:*\nOlá, posso ajudar?', userId: c.user.id })
  t.match(m, { fromMe: true, read: true, ack: 0, sendStatus: 'queued', externalId: null, userId: c.user.id, body: '*Agent:*\nOlá, posso ajudar?' })
  const after = await app.bind(Ticket).query().forCompany(c.id).findById(tk.id)
  t.equal(after!.lastMessage, '*Agent:*\nOlá, posso ajudar?')
  t.ok(after!.lastMessageAt, 'lastMessageAt set')
  t.ok(await app.knex('ticketSearchWords').where({ companyId: c.id, ticketId: tk.id, word: 'ajudar' }).first(), 'words indexed for search')

  const sent = await waitFor(async () => { const r = await messageRow(app, c.id, m.id); return r?.sendStatus === 'sent' ? r : undefined }, 5000, 'sent')
  t.match(sent, { sendError: null, sendAttempts: 1, whatsappId: w.whatsappId })
  t.match(sent.externalId, /^3EB0[0-9A-F]{16}$/, 'sent under the id its claim fixed')
  const box = await outbox(w)
  t.equal(box.length, 1)
  t.match(box[0], { externalId: sent.externalId, body: '*Agent:*\nOlá, posso ajudar?' })
  const number = (await app.knex('contacts').where({ id: tk.contactId }).first('number')).number
  t.equal(box[0].to, `${number}@s.whatsapp.net`, 'sent to the contact\'s jid')
  await app.events.idle()
  const mine = events.filter((e) => e === `message.created:${m.id}` || e === `ticket.updated:${tk.id}`)
  t.same(mine, [`message.created:${m.id}`, `ticket.updated:${tk.id}`], 'events after the commit')
  t.ok(events.includes(`message.updated:${m.id}`), 'the sent state is announced')
})

t.test('quoted replies and media go out with the quote reference and the file\'s bytes', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const question = await inbound(app, tk, 'Qual o preço?')
  const name = await app.storage.save(c.id, Buffer.from('fake png bytes'), 'foto.png')
  const m = await app.tickets.sender.enqueue(c.id, tk.id, {
    body: 'Segue a tabela', quotedMsgId: question.id, media: { path: name, mimetype: 'image/png', fileName: 'foto.png', type: 'image' },
  })
  t.match(m, { mediaType: 'image', mediaPath: name, mediaName: 'foto.png', quotedMsgId: question.id })
  await waitFor(async () => (await messageRow(app, c.id, m.id))?.sendStatus === 'sent', 5000, 'sent')
  t.match((await outbox(w))[0], { body: 'Segue a tabela', mediaType: 'image', fileName: 'foto.png', mediaSize: 14, quotedId: question.externalId })

  const other = await ticket(app, c.id, { whatsappId: w.whatsappId })
  await t.rejects(app.tickets.sender.enqueue(c.id, other.id, { body: 'x', quotedMsgId: question.id }), { code: 'ERR_NO_MESSAGE_FOUND' }, 'a quote of another contact\'s conversation')
  await t.rejects(app.tickets.sender.enqueue(c.id + 1000, tk.id, { body: 'x' }), { code: 'ERR_NO_TICKET_FOUND' })
})

t.test('a session that is not connected is retried, then the message is sent', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  await app.channels.stop(c.id, w.whatsappId)
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'volto já' })
  const waiting = await waitFor(async () => { const r = await messageRow(app, c.id, m.id); return r?.sendAttempts === 1 && r.sendStatus === 'queued' ? r : undefined }, 3000, 'first attempt')
  t.equal(waiting.sendError, null, 'not failed while attempts remain')
  await app.channels.start(c.id, w.whatsappId)
  const sent = await waitFor(async () => { const r = await messageRow(app, c.id, m.id); return r?.sendStatus === 'sent' ? r : undefined }, 8000, 'sent on a retry')
  t.equal(sent.sendAttempts, 2)
  t.equal((await outbox(w)).length, 1)
})

t.test('the last attempt leaves the message failed with the error code, announced', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  const events = recordEvents(app)
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  await app.channels.stop(c.id, w.whatsappId)
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'perdida?' })
  await t.rejects(runSendJob(app, { companyId: c.id, messageId: m.id }, { attempt: 1 }), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'an early attempt throws for the queue to retry')
  t.equal((await messageRow(app, c.id, m.id))!.sendStatus, 'queued')
  await runSendJob(app, { companyId: c.id, messageId: m.id }, { attempt: SEND_RETRIES + 1 })
  t.match(await messageRow(app, c.id, m.id), { sendStatus: 'failed', sendError: 'ERR_WAPP_NOT_INITIALIZED', sendAttempts: 2 })
  await app.events.idle()
  t.ok(events.includes(`message.updated:${m.id}`))
  await runSendJob(app, { companyId: c.id, messageId: m.id }, { attempt: 1 })
  t.equal((await messageRow(app, c.id, m.id))!.sendStatus, 'failed', 'a failed message is not sent by a late job')
})

t.test('a failure no retry can fix fails at once: the channel refusing the recipient', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  // Nine digits: the sandbox, like WhatsApp, has no such user.
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId, contactId: (await contact(app, c.id, { number: '119876543' })).id })
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'oi' })
  await runSendJob(app, { companyId: c.id, messageId: m.id }, { attempt: 1 })
  t.match(await messageRow(app, c.id, m.id), { sendStatus: 'failed', sendError: 'ERR_WAPP_INVALID_CONTACT' })
  const gone = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'sem arquivo', media: { path: `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.png`, mimetype: 'image/png', fileName: 'x.png', type: 'image' } })
  await runSendJob(app, { companyId: c.id, messageId: gone.id }, { attempt: 1 })
  t.match(await messageRow(app, c.id, gone.id), { sendStatus: 'failed', sendError: 'ERR_NO_MEDIA_FOUND' })
})

t.test('a duplicate job delivery sends once', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: `uma vez ${randomBytes(3).toString('hex')}` })
  const data = { companyId: c.id, messageId: m.id }
  const runs = await Promise.allSettled([runSendJob(app, data, { attempt: 1 }), runSendJob(app, data, { attempt: 1 }), runSendJob(app, data, { attempt: 1 })])
  t.ok(runs.every((r) => r.status === 'fulfilled' || /being sent by another worker/.test(String(r.reason))), 'a loser only defers to the claimer')
  await runSendJob(app, data, { attempt: 2 })
  await runSendJob(app, data, { attempt: SEND_RETRIES + 1 })
  t.equal((await outbox(w)).length, 1, 'one send at the channel')
  t.match(await messageRow(app, c.id, m.id), { sendStatus: 'sent', sendAttempts: 1 })
})

t.test('the sweep re-queues a message whose job was lost and fails an interrupted send without re-sending it', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const old = new Date(Date.now() - 10 * 60_000)
  const insert = (fields: Partial<Message>) => app.bind(Message).query().forCompany(c.id).insert({
    ticketId: tk.id, contactId: tk.contactId, whatsappId: w.whatsappId, externalId: null, body: 'perdida', fromMe: true, read: true,
    mediaType: 'chat', ack: 0, isDeleted: false, isEdited: false, sendAttempts: 0, ...fields,
  })
  const lost = await insert({ sendStatus: 'queued' })
  const interrupted = await insert({ sendStatus: 'sending', sendAttempts: 1 })
  const fresh = await insert({ sendStatus: 'sending', sendAttempts: 1 })
  await app.knex('messages').whereIn('id', [lost.id, interrupted.id]).update({ updatedAt: old })
  const events = recordEvents(app)
  // Other tests' rows share the database: they are recent, so the sweep leaves them alone.
  const swept = await sweepOutbound(app)
  t.ok(swept.requeued >= 1 && swept.interrupted >= 1, JSON.stringify(swept))
  await waitFor(async () => (await messageRow(app, c.id, lost.id))?.sendStatus === 'sent', 5000, 'the lost message sent')
  t.match(await messageRow(app, c.id, interrupted.id), { sendStatus: 'failed', sendError: 'ERR_SEND_INTERRUPTED' })
  t.equal((await messageRow(app, c.id, fresh.id))!.sendStatus, 'sending', 'a send in progress is left alone')
  t.equal((await outbox(w)).length, 1, 'only the lost one went out')
  await app.events.idle()
  t.ok(events.includes(`message.updated:${interrupted.id}`))
})

t.test('the sweep a start runs queues again a queued message however recent; the minute\'s sweep waits for its grace', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  // What a process killed between storing a message and queueing its job left behind: queued, with no job.
  const cut = await app.bind(Message).query().forCompany(c.id).insert({
    ticketId: tk.id, contactId: tk.contactId, whatsappId: w.whatsappId, externalId: null, body: 'cortada', fromMe: true, read: true,
    mediaType: 'chat', ack: 0, isDeleted: false, isEdited: false, sendAttempts: 0, sendStatus: 'queued',
  })
  await sweepOutbound(app)
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.equal((await messageRow(app, c.id, cut.id))!.sendStatus, 'queued', 'a recent one is left to its job')
  await sweepOutbound(app, Date.now(), { restart: true })
  await waitFor(async () => (await messageRow(app, c.id, cut.id))?.sendStatus === 'sent', 5000, 'the cut message sent')
  t.equal((await outbox(w)).length, 1, 'sent once')
})

t.test('a send carried to another instance that never answered goes again under the id its claim fixed; on the last attempt it is marked interrupted', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'talvez' })
  const last = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'por último' })
  const send = app.channels.send.bind(app.channels)
  // What Channels answers when the instance owning the session stays silent past its timeout (it may still send).
  const silent = async () => { throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409, { reason: 'the instance running this session did not answer' }) }
  app.channels.send = silent
  t.teardown(() => { app.channels.send = send })
  await t.rejects(runSendJob(app, { companyId: c.id, messageId: m.id }, { attempt: 1 }), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'thrown for the queue to retry')
  const released = (await messageRow(app, c.id, m.id))!
  t.match(released, { sendStatus: 'queued', externalId: /^3EB0[0-9A-F]{16}$/ }, 'queued again, its id kept')
  app.channels.send = send
  await runSendJob(app, { companyId: c.id, messageId: m.id }, { attempt: 2 })
  t.match(await messageRow(app, c.id, m.id), { sendStatus: 'sent', externalId: released.externalId }, 'sent under the same id')

  app.channels.send = silent
  await runSendJob(app, { companyId: c.id, messageId: last.id }, { attempt: SEND_RETRIES + 1 })
  t.match(await messageRow(app, c.id, last.id), { sendStatus: 'failed', sendError: 'ERR_SEND_INTERRUPTED' }, 'no attempt left: marked for the agent')
})

t.test('an ack that comes before the send is recorded finds the message at once and is not lowered by the record', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const m = await app.tickets.sender.enqueue(c.id, tk.id, { body: 'rápido' })
  const send = app.channels.send.bind(app.channels)
  // The channel reads the message before the send call returns here (a fast phone, a slow answer).
  app.channels.send = async (companyId, whatsappId, message) => {
    const sent = await send(companyId, whatsappId, message)
    const started = Date.now()
    t.equal(await applyAck(app, { companyId, whatsappId, externalId: message.id!, ack: 3 }), true, 'applied')
    t.ok(Date.now() - started < 90, 'found at the first look: the claim stored the id')
    return sent
  }
  t.teardown(() => { app.channels.send = send })
  await runSendJob(app, { companyId: c.id, messageId: m.id }, { attempt: 1 })
  t.match(await messageRow(app, c.id, m.id), { sendStatus: 'sent', ack: 3 }, 'the record keeps the read ack')
})

t.test('messages of one ticket leave in the order they were written, though jobs run in parallel', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const ids: number[] = []
  for (const body of ['primeira', 'segunda', 'terceira']) ids.push((await app.tickets.sender.enqueue(c.id, tk.id, { body })).id)
  await waitFor(async () => (await app.knex('messages').whereIn('id', ids).where({ sendStatus: 'sent' })).length === 3, 15000, 'all sent')
  t.same((await outbox(w)).map((m) => m.body).reverse(), ['primeira', 'segunda', 'terceira'])
})
