import t from 'tap'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { queueIds } from '@zapdesk/connections/testing'
import { Ticket } from '../models.ts'
import { openedPageQuery, pageQuery } from './list-routes.ts'
import { call, inbound, messageRow, recordEvents, ticket, waitFor, world } from './test-helpers.ts'

type Page = { messages: Array<{ id: number; body: string; read: boolean; quotedMsg: { id: number } | null; contact: { id: number } | null }>; ticket: { id: number; unreadMessages: number }; count: number; hasMore: boolean }

t.test('pages of 20 from the newest, each in chronological order, with the quoted message one level deep', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const ids: number[] = []
  for (let i = 0; i < 45; i++) ids.push((await inbound(app, tk, `m${i}`, { read: true })).id)
  const quoting = await inbound(app, tk, 'resposta', { read: true, quotedMsgId: ids[44] })
  const page = async (n?: number) => (await call(app, 'GET', `/messages/${tk.id}${n ? `?pageNumber=${n}` : ''}`, c.user.headers)).json() as Page

  const p1 = await page()
  t.match(p1, { count: 46, hasMore: true, ticket: { id: tk.id } })
  t.same(p1.messages.map((m) => m.body), [...Array.from({ length: 19 }, (_, i) => `m${26 + i}`), 'resposta'])
  t.match(p1.messages[19], { id: quoting.id, quotedMsg: { id: ids[44], body: 'm44' }, contact: { id: tk.contactId } })
  t.notOk('quotedMsg' in (p1.messages[19].quotedMsg as object), 'the quote does not nest further')
  t.same((await page(2)).messages.map((m) => m.body), Array.from({ length: 20 }, (_, i) => `m${6 + i}`))
  const p3 = await page(3)
  t.match(p3, { hasMore: false })
  t.same(p3.messages.map((m) => m.body), ['m0', 'm1', 'm2', 'm3', 'm4', 'm5'])
  t.same((await page(9)).messages, [])
})

t.test('opening marks the inbound messages read and tells the channel; arrival does not', async (t) => {
  const w = await world()
  const { app, c } = w
  const reads = async () => (await app.channels.command(c.id, w.whatsappId, 'reads', null)) as Array<{ externalId: string; chatJid: string }>
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId, unreadMessages: 2 })
  const a = await inbound(app, tk, 'um')
  const b = await inbound(app, tk, 'dois')
  await app.tickets.sender.enqueue(c.id, tk.id, { body: 'nosso' })
  await new Promise((r) => setTimeout(r, 100))
  t.same(await reads(), [], 'nothing read at the channel before the agent opens the chat')
  const events = recordEvents(app)

  const res = await call(app, 'GET', `/messages/${tk.id}`, c.user.headers)
  t.equal(res.statusCode, 200, res.body)
  const body = res.json() as Page
  t.equal(body.ticket.unreadMessages, 0)
  t.ok(body.messages.every((m) => m.read))
  t.equal((await app.bind(Ticket).query().forCompany(c.id).findById(tk.id))!.unreadMessages, 0)
  const number = (await app.knex('contacts').where({ id: tk.contactId }).first('number')).number
  const got = await waitFor(async () => { const r = await reads(); return r.length ? r : undefined }, 3000, 'read receipts')
  t.same(got.map((r) => [r.externalId, r.chatJid]), [[a.externalId, `${number}@s.whatsapp.net`], [b.externalId, `${number}@s.whatsapp.net`]])
  await app.events.idle()
  t.ok(events.includes(`ticket.unreadChanged:${tk.id}:0`))

  await call(app, 'GET', `/messages/${tk.id}`, c.user.headers)
  await new Promise((r) => setTimeout(r, 100))
  t.equal((await reads()).length, 2, 'nothing new to read: no second receipt')

  // A session that is down: the messages are read here all the same.
  const later = await inbound(app, tk, 'três')
  await app.channels.stop(c.id, w.whatsappId)
  const down = await call(app, 'GET', `/messages/${tk.id}`, c.user.headers)
  t.equal(down.statusCode, 200, 'a failing receipt does not fail the request')
  t.equal((await messageRow(app, c.id, later.id))!.read, true)
})

t.test('unread messages behind a counter of 0 are read all the same; a read ticket is not written to', async (t) => {
  const w = await world()
  const { app, c } = w
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId, unreadMessages: 0 })
  const m = await inbound(app, tk, 'escondida')
  const opened = await call(app, 'GET', `/messages/${tk.id}`, c.user.headers)
  t.equal(opened.statusCode, 200, opened.body)
  t.equal((await messageRow(app, c.id, m.id))!.read, true, 'the unread message became read')
  const events = recordEvents(app)
  t.equal((await call(app, 'GET', `/messages/${tk.id}`, c.user.headers)).statusCode, 200)
  await app.events.idle()
  t.notOk(events.some((e) => e.startsWith('ticket.unreadChanged')), 'nothing left to read: no recount announced')
})

t.test('a look that does not serve the ticket reads nothing: a peek, a waiting ticket, a colleague\'s conversation', async (t) => {
  const w = await world()
  const { app, c } = w
  const unread = async (id: number) => (await app.bind(Ticket).query().forCompany(c.id).findById(id))!.unreadMessages
  const mine = await ticket(app, c.id, { whatsappId: w.whatsappId, userId: c.user.id, unreadMessages: 1 })
  await inbound(app, mine, 'oi')
  const peeked = await call(app, 'GET', `/messages/${mine.id}?peek=true`, c.admin.headers)
  t.equal(peeked.statusCode, 200)
  t.equal(await unread(mine.id), 1, 'an admin\'s peek leaves the agent\'s unread count')
  t.equal((await call(app, 'GET', `/messages/${mine.id}`, c.admin.headers)).statusCode, 200)
  t.equal(await unread(mine.id), 1, 'so does an admin opening a colleague\'s ticket')
  const waiting = await ticket(app, c.id, { whatsappId: w.whatsappId, status: 'pending', unreadMessages: 1 })
  await inbound(app, waiting, 'alguém?')
  t.equal((await call(app, 'GET', `/messages/${waiting.id}`, c.user.headers)).statusCode, 200, 'a waiting ticket can be previewed')
  t.equal(await unread(waiting.id), 1, 'and stays unread for every agent of its queue')
  await call(app, 'GET', `/messages/${mine.id}`, c.user.headers)
  t.equal(await unread(mine.id), 0, 'its own agent opening it reads it')
  t.equal((await call(app, 'GET', `/messages/${mine.id}?peek=maybe`, c.user.headers)).statusCode, 400, 'a bad flag is refused')
})

t.test('company and visibility: 404 for other companies\' tickets, 403 for tickets the agent may not see', async (t) => {
  const w = await world()
  const { app, c } = w
  const other = await createCompanyWithUsers(app)
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  const [queueId] = await queueIds(app, c.admin.headers, 1)
  const hidden = await ticket(app, c.id, { whatsappId: w.whatsappId, queueId, status: 'pending' })
  await inbound(app, hidden, 'secreto')

  const foreign = await call(app, 'GET', `/messages/${tk.id}`, other.admin.headers)
  t.equal(foreign.statusCode, 404)
  t.equal(foreign.json().error, 'ERR_NO_TICKET_FOUND')
  const forbidden = await call(app, 'GET', `/messages/${hidden.id}`, c.user.headers)
  t.equal(forbidden.statusCode, 403)
  t.equal(forbidden.json().error, 'ERR_NO_PERMISSION')
  t.equal((await app.knex('messages').where({ ticketId: hidden.id }).first('read')).read ? 1 : 0, 0, 'a refused caller marks nothing read')
  t.equal((await call(app, 'GET', `/messages/${hidden.id}`, c.admin.headers)).statusCode, 200, 'admins see every ticket')
  const assigned = await ticket(app, c.id, { whatsappId: w.whatsappId, queueId, userId: c.user.id })
  const seen = await call(app, 'GET', `/messages/${assigned.id}`, c.user.headers)
  t.equal(seen.statusCode, 200, 'an agent sees the tickets assigned to them')
  t.match(seen.json(), { ticket: { id: assigned.id, userId: c.user.id, user: { id: c.user.id, name: String }, queue: { id: queueId } }, count: 0, hasMore: false }, 'the ticket with its holder and queue')
  t.equal((await call(app, 'GET', '/messages/abc', c.user.headers)).json().error, 'ERR_VALIDATION')
})

t.test('a page is read through the (ticket_id, id) index, without sorting the ticket\'s messages, alone or beside its ticket', async (t) => {
  const w = await world({ startJobs: false })
  const { app, c } = w
  // A ticket that exists: MariaDB plans a missing one's query as "Impossible WHERE", with no table at all.
  const tk = await ticket(app, c.id, { whatsappId: w.whatsappId })
  for (let i = 0; i < 25; i++) await inbound(app, tk, `m${i}`, { read: true })
  const values = { companyId: c.id, ticketId: tk.id, offset: 20 }
  for (const [what, query] of [['the page', pageQuery(app.knex, values)], ['the ticket and its page', openedPageQuery(app, app.knex, values)]] as const) {
    const { sql, bindings } = query.toSQL()
    const explained = await app.knex.raw(`${app.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${sql}`, bindings)
    const plan = JSON.stringify(app.dialect === 'sqlite' ? explained : explained[0])
    t.match(plan, /messages_ticket_id_id_index/, `${what}: ${plan}`)
    t.notMatch(plan, /TEMP B-TREE|filesort|temporary/i, `${what}: the index gives the order too`)
  }
})
