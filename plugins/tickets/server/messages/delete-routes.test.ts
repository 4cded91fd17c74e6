import t from 'tap'
import { createCompanyWithUsers, createUser } from '@zapdesk/plugin-api/testing'
import { runSendJob } from './send-job.ts'
import { call, inbound, messageRow, outbox, recordEvents, ticket, waitFor, world, type World } from './test-helpers.ts'

async function sentMessage(w: World, ticketId: number, userId: number) {
  const m = await w.app.tickets.sender.enqueue(w.c.id, ticketId, { body: 'apagar', userId })
  // Up to the sandbox's "read" ack, so no ack lands in the middle of what a test then observes.
  return waitFor(async () => { const r = await messageRow(w.app, w.c.id, m.id); return r?.sendStatus === 'sent' && r.ack === 3 ? r : undefined }, 5000, 'sent and read')
}

t.test('an agent deletes their own sent message: revoked at the channel, marked, announced', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId, userId: c.user.id })
  const m = await sentMessage(w, tk.id, c.user.id)
  const events = recordEvents(app)
  const res = await call(app, 'DELETE', `/messages/${m.id}`, c.user.headers)
  t.equal(res.statusCode, 200, res.body)
  t.match(res.json(), { id: m.id, isDeleted: true })
  const revokes = (await app.channels.command(c.id, w.whatsappId, 'revokes', null)) as Array<{ externalId: string; fromMe: boolean }>
  t.match(revokes, [{ externalId: m.externalId, fromMe: true }])
  await app.events.idle()
  t.same(events.filter((e) => e === `message.updated:${m.id}`), [`message.updated:${m.id}`])
  t.equal((await call(app, 'DELETE', `/messages/${m.id}`, c.user.headers)).statusCode, 200, 'deleting again is harmless')
  t.equal(((await app.channels.command(c.id, w.whatsappId, 'revokes', null)) as unknown[]).length, 1, 'and not revoked twice')
})

t.test('who may delete: the author, or an admin; never the contact\'s messages nor another company\'s', async (t) => {
  const w = await world()
  const { app, c } = w
  const colleague = await createUser(app, c.id, { name: 'Colega' })
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const mine = await sentMessage(w, tk.id, c.user.id)
  const theirs = await inbound(app, tk, 'do cliente')

  const byColleague = await call(app, 'DELETE', `/messages/${mine.id}`, colleague.headers)
  t.equal(byColleague.statusCode, 403)
  t.equal(byColleague.json().error, 'ERR_NO_PERMISSION')
  t.equal((await call(app, 'DELETE', `/messages/${theirs.id}`, c.admin.headers)).statusCode, 403, 'an inbound message, even for an admin')
  const other = await createCompanyWithUsers(app)
  const foreign = await call(app, 'DELETE', `/messages/${mine.id}`, other.admin.headers)
  t.equal(foreign.statusCode, 404)
  t.equal(foreign.json().error, 'ERR_NO_MESSAGE_FOUND')
  t.equal((await messageRow(app, c.id, mine.id))!.isDeleted, false)
  t.equal((await call(app, 'DELETE', `/messages/${mine.id}`, c.admin.headers)).statusCode, 200, 'an admin may delete an agent\'s message')
})

t.test('a refusing channel keeps the message; unsent ones are cancelled or just marked', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const send = (body: string) => app.tickets.sender.enqueue(c.id, tk.id, { body, userId: c.user.id })

  const queued = await send('cancelar')
  t.equal((await call(app, 'DELETE', `/messages/${queued.id}`, c.user.headers)).statusCode, 200)
  await runSendJob(app, { companyId: c.id, messageId: queued.id }, { attempt: 1 })
  t.match(await messageRow(app, c.id, queued.id), { isDeleted: true, sendStatus: 'queued', externalId: null })
  t.equal((await outbox(w)).length, 0, 'a message deleted before its send is never sent')

  const sent = await send('enviada')
  await runSendJob(app, { companyId: c.id, messageId: sent.id }, { attempt: 1 })
  await app.channels.stop(c.id, w.whatsappId)
  const refused = await call(app, 'DELETE', `/messages/${sent.id}`, c.user.headers)
  t.equal(refused.statusCode, 400)
  t.equal(refused.json().error, 'ERR_DELETE_WAPP_MSG')
  t.equal((await messageRow(app, c.id, sent.id))!.isDeleted, false, 'the contact still has it: not marked deleted')

  const failed = await send('falhou')
  await runSendJob(app, { companyId: c.id, messageId: failed.id }, { attempt: 99 })
  t.equal((await messageRow(app, c.id, failed.id))!.sendStatus, 'failed')
  t.equal((await call(app, 'DELETE', `/messages/${failed.id}`, c.user.headers)).statusCode, 200, 'a failed message never reached the contact')
  t.equal((await messageRow(app, c.id, failed.id))!.isDeleted, true)

  const sending = await send('a caminho')
  await app.knex('messages').where({ id: sending.id }).update({ sendStatus: 'sending' })
  t.equal((await call(app, 'DELETE', `/messages/${sending.id}`, c.user.headers)).statusCode, 409, 'a send in progress cannot be stopped')
})
