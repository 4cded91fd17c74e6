import t from 'tap'
import { build, buildApp, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import '@zapdesk/tickets/public'
import { Schedule } from '../models.ts'
import { call, contact, inMinutes, outbox, sandboxConnection, upload, waitFor } from '../test-helpers.ts'
import { claimDue } from './claim.ts'
import { wake } from './wake.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000)

/** Schedules as if they were made before a downtime: due now (or long ago), never claimed. */
async function dueRows(app: Parameters<typeof claimDue>[0], companyId: number, contactIds: number[], body: (i: number) => string) {
  const ids: number[] = []
  for (const [i, contactId] of contactIds.entries()) {
    const row = await app.bind(Schedule).query().forCompany(companyId).insert({
      contactId, userId: null, body: body(i), sendAt: ago(90 - i).toISOString(), sentAt: null, status: 'pending', mediaPath: null, mediaName: null,
      messageKey: null, messageId: null, ticketId: null, claimedAt: null, attempts: 0, error: null,
    })
    ids.push(row.id)
  }
  return ids
}

const ticketMessages = (app: Parameters<typeof claimDue>[0], companyId: number) =>
  app.knex('messages').where({ companyId, fromMe: true }).select('id', 'ticketId', 'body', 'externalId', 'userId', 'mediaType')

t.test('a schedule goes out at its time into the contact\'s ticket, with its picture, once', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  const ana = await contact(app, c.id)
  const s = (await call(app, 'POST', '/schedules', c.user.headers, { body: 'Sua consulta é amanhã às 10h', contactId: ana.id, sendAt: new Date(Date.now() + 1500).toISOString() })).json()
  await upload(app, `/schedules/${s.id}/media-upload`, c.user.headers, 'mapa.png', PNG)
  t.equal((await outbox(app, c.admin.headers, whatsappId)).length, 0, 'nothing before its time')
  const sent = await waitFor(async () => { const r = (await call(app, 'GET', `/schedules/${s.id}`, c.user.headers)).json(); return r.status === 'sent' && r }, 15_000, 'sent')
  t.ok(new Date(sent.sentAt).getTime() >= new Date(s.sendAt).getTime(), 'not before sendAt')
  t.ok(sent.ticketId, 'the ticket it went into')
  const box = await waitFor(async () => { const b = await outbox(app, c.admin.headers, whatsappId); return b.length && b }, 10_000, 'the channel')
  t.match(box, [{ to: `${ana.number}@s.whatsapp.net`, body: 'Sua consulta é amanhã às 10h', mediaType: 'image', fileName: 'mapa.png' }])
  const ticket = (await call(app, 'GET', `/tickets/${sent.ticketId}`, c.admin.headers)).json()
  t.match(ticket, { contactId: ana.id, status: 'open', userId: c.user.id }, 'opened for the author, since the contact had none')
  t.match(await ticketMessages(app, c.id), [{ ticketId: sent.ticketId, body: 'Sua consulta é amanhã às 10h', userId: c.user.id, mediaType: 'image' }])
  await new Promise((r) => setTimeout(r, 3500))
  t.equal((await outbox(app, c.admin.headers, whatsappId)).length, 1, 'and only once')
  t.equal((await call(app, 'PUT', `/schedules/${s.id}`, c.user.headers, { body: 'Mudou de ideia' })).json().error, 'ERR_SCHEDULE_SENT', 'then it is locked')
})

t.test('schedules due while the server was down go out late, once, when it is back', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  const contacts = await Promise.all([0, 1, 2].map((i) => contact(app, c.id, `Cliente ${i}`)))
  const ids = await dueRows(app, c.id, contacts.map((x) => x.id), (i) => `Atrasada ${i}`)
  t.equal(await wake(app), 3, 'all three on the first wake-up')
  t.equal(await wake(app), 0, 'nothing on the next')
  const rows = await app.bind(Schedule).query().forCompany(c.id).whereIn('id', ids).orderBy('id')
  t.same(rows.map((r) => [r.status, r.attempts, Boolean(r.sentAt), Boolean(r.messageId)]), [['sent', 1, true, true], ['sent', 1, true, true], ['sent', 1, true, true]])
  const messages = await ticketMessages(app, c.id)
  t.same(messages.map((m) => m.body).sort(), ['Atrasada 0', 'Atrasada 1', 'Atrasada 2'])
  t.same(rows.map((r) => messages.find((m) => m.id === r.messageId)?.externalId), rows.map((r) => r.messageKey), 'each stored under the id fixed at its claim')
  t.ok(whatsappId)
})

t.test('two instances on one database claim each due schedule once', async (t) => {
  const app = await build(t, { startJobs: false })
  const other = await buildApp({ env: {}, config: { ...app.config }, migrate: false, startJobs: false })
  t.teardown(() => other.close())
  const c = await createCompanyWithUsers(app)
  const contacts = await Promise.all(Array.from({ length: 12 }, (_, i) => contact(app, c.id, `Cliente ${i}`)))
  const ids = await dueRows(app, c.id, contacts.map((x) => x.id), (i) => `Corrida ${i}`)
  const claims = await Promise.all([claimDue(app, 50), claimDue(other, 50), claimDue(app, 50), claimDue(other, 50)])
  const claimed = claims.flat().map((r) => r.id).sort((a, b) => a - b)
  t.same(claimed, ids, `every row claimed once (${claims.map((c) => c.length).join(' + ')})`)
  t.same(await claimDue(other, 50), [], 'and not again while the claim is fresh')
})

t.test('wake-ups racing in one app send each schedule once', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  await sandboxConnection(app, c.admin.headers)
  const contacts = await Promise.all(Array.from({ length: 10 }, (_, i) => contact(app, c.id, `Cliente ${i}`)))
  await dueRows(app, c.id, contacts.map((x) => x.id), (i) => `Uma vez ${i}`)
  const sent = (await Promise.all([wake(app), wake(app), wake(app)])).reduce((a, b) => a + b, 0)
  // A send the database refused for the moment (a busy machine) goes back to pending for the next wake-up.
  let later = 0
  for (let i = 0; i < 5 && sent + later < 10; i++) later += await wake(app)
  t.equal(sent + later, 10, `each sent by one wake-up (${sent} by the racing ones)`)
  t.equal((await ticketMessages(app, c.id)).length, 10, 'ten messages in the tickets, none twice')
})

t.test('after a crash: a claim whose message was stored is recorded, not sent again; one that was not is sent', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  await sandboxConnection(app, c.admin.headers)
  const [ana, bruno] = [await contact(app, c.id, 'Ana'), await contact(app, c.id, 'Bruno')]
  const ids = await dueRows(app, c.id, [ana.id, bruno.id], (i) => `Queda ${i}`)
  const [first, second] = await claimDue(app, 10)
  // The worker stored the first one's message in the ticket, then died before recording it; the second it never sent.
  const { ticket } = await app.tickets.findOrOpen(c.id, { contactId: ana.id })
  const stored = await app.tickets.sendMessage(c.id, ticket.id, { body: first.body, id: first.messageKey! })
  await app.knex('scheduledMessages').whereIn('id', ids).update({ claimedAt: ago(120) })
  t.equal(await wake(app), 2, 'both claimed again after the timeout and settled')
  const rows = await app.bind(Schedule).query().forCompany(c.id).whereIn('id', ids).orderBy('id')
  t.same(rows.map((r) => [r.status, r.attempts]), [['sent', 2], ['sent', 2]])
  t.equal(rows[0].messageId, stored.id, 'the first recorded with the message already stored')
  t.equal(rows[1].messageKey, second.messageKey, 'the second sent under the id chosen before the crash')
  const messages = await ticketMessages(app, c.id)
  t.same(messages.map((m) => m.body).sort(), ['Queda 0', 'Queda 1'], 'one message each')
})

t.test('a schedule that cannot be sent fails with the reason; edited, it waits again', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const ana = await contact(app, c.id)
  const [id] = await dueRows(app, c.id, [ana.id], () => 'Sem conexão')
  t.equal(await wake(app), 0)
  const failed = (await call(app, 'GET', `/schedules/${id}`, c.user.headers)).json()
  t.match(failed, { status: 'failed', error: 'ERR_NO_DEF_WAPP_FOUND', sentAt: null }, 'the company has no connection')
  t.match((await call(app, 'PUT', `/schedules/${id}`, c.user.headers, { sendAt: inMinutes(5) })).json(), { status: 'pending', error: null })
})

t.test('a company that switched schedules off (or whose plan lost them) sends none: due ones fail with the reason', async (t) => {
  const app = await build(t, { startJobs: false })
  const c = await createCompanyWithUsers(app)
  const whatsappId = await sandboxConnection(app, c.admin.headers)
  const ana = await contact(app, c.id)
  const [id] = await dueRows(app, c.id, [ana.id], () => 'Não deveria sair')
  t.equal((await call(app, 'PUT', '/modules/useSchedules', c.admin.headers, { enabled: false })).statusCode, 200)
  t.equal(await wake(app), 0, 'nothing sent')
  t.equal((await outbox(app, c.admin.headers, whatsappId)).length, 0)
  t.match(await app.bind(Schedule).query().forCompany(c.id).findById(id), { status: 'failed', error: 'ERR_FEATURE_DISABLED', sentAt: null })
})
