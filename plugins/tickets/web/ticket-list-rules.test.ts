import t from 'tap'
import { applyAppMessage, applyTicketEvent, emptyList, needsRefresh, pageLoaded, shownCount, sortTickets, ticketMatches, type ListScope } from './ticket-list-rules.ts'
import type { Message, Ticket } from './types.ts'

const ticket = (id: number, patch: Partial<Ticket> = {}): Ticket => ({
  id, uuid: `u-${id}`, status: 'open', userId: 7, user: { id: 7, name: 'Ana' }, queueId: 1, queue: { id: 1, name: 'Vendas', color: '#f00' },
  contactId: id, contact: { id, name: `C${id}`, number: null, profilePicUrl: null }, whatsappId: 1, whatsapp: { id: 1, name: 'Zap' },
  tags: [], lastMessage: 'oi', unreadMessages: 0, isGroup: false, chatbot: false, useIntegration: false, promptId: null, integrationId: null,
  createdAt: '2026-05-01T10:00:00.000Z', updatedAt: `2026-05-01T10:${String(id).padStart(2, '0')}:00.000Z`, ...patch,
})
const open: ListScope = { status: 'open', showAll: false, queueIds: [1, 2], withUnreadMessages: false, meId: 7, mode: 'full' }
const loaded = (...items: Ticket[]) => pageLoaded(emptyList(), 1, items, false)
const ids = (s: { items: Ticket[] }) => s.items.map((x) => x.id)

t.test('which tickets a list holds', async (t) => {
  t.ok(ticketMatches(ticket(1), open), 'mine, my queue, open')
  t.notOk(ticketMatches(ticket(1, { status: 'pending' }), open), 'other status')
  t.notOk(ticketMatches(ticket(1, { userId: 8 }), open), 'another agent\'s, show-all off')
  t.ok(ticketMatches(ticket(1, { userId: 8 }), { ...open, showAll: true }), 'another agent\'s with show-all')
  t.ok(ticketMatches(ticket(1, { status: 'pending', userId: null }), { ...open, status: 'pending' }), 'pending belongs to everyone')
  t.notOk(ticketMatches(ticket(1, { queueId: 3 }), open), 'a queue not chosen')
  t.ok(ticketMatches(ticket(1, { queueId: 3 }), { ...open, queueIds: null }), 'every queue chosen: no queue filter')
  t.ok(ticketMatches(ticket(1, { queueId: null, queue: null }), open), 'SEM FILA always comes along')
  t.notOk(ticketMatches(ticket(1), { ...open, withUnreadMessages: true }), 'read, with the unread toggle')
  t.ok(ticketMatches(ticket(1, { unreadMessages: 2 }), { ...open, withUnreadMessages: true }))
  t.ok(ticketMatches(ticket(1, { status: 'closed' }), { ...open, status: undefined }), 'search: any status')
})

t.test('update: refresh, insert sorted, or drop when it no longer matches', async (t) => {
  let s = loaded(ticket(3), ticket(2))
  s = applyTicketEvent(s, { action: 'update', ticket: ticket(1, { updatedAt: '2026-05-01T11:00:00.000Z' }) }, open)
  t.same(ids(s), [1, 3, 2], 'a newly matching ticket goes where its time puts it (top)')
  t.equal(shownCount(s), 3)
  s = applyTicketEvent(s, { action: 'update', ticket: ticket(2, { lastMessage: 'novo', updatedAt: '2026-05-01T12:00:00.000Z' }) }, open)
  t.same(ids(s), [2, 1, 3], 'an update with a newer time moves the row up')
  t.equal(s.items[0].lastMessage, 'novo')
  s = applyTicketEvent(s, { action: 'update', ticket: ticket(1, { status: 'closed' }) }, open)
  t.same(ids(s), [2, 3], 'closed: gone from the open list')
  s = applyTicketEvent(s, { action: 'update', ticket: ticket(3, { queueId: 9 }) }, open)
  t.same(ids(s), [2], 'transferred to a queue outside the filter: gone')
  s = applyTicketEvent(s, { action: 'update', ticket: ticket(2, { userId: 8 }) }, open)
  t.same(ids(s), [], 'transferred to another agent: gone without show-all')
  const same = loaded(ticket(4))
  t.equal(applyTicketEvent(same, { action: 'update', ticket: ticket(5, { status: 'closed' }) }, open), same, 'unrelated: same state')
})

t.test('delete and updateUnread', async (t) => {
  let s = pageLoaded(emptyList(), 1, [ticket(2, { unreadMessages: 4 }), ticket(1)], true, 10)
  t.equal(shownCount(s), 10, 'the server total counts')
  s = applyTicketEvent(s, { action: 'delete', ticketId: 2 }, open)
  t.same(ids(s), [1])
  t.equal(shownCount(s), 9, 'and follows removals')
  t.equal(applyTicketEvent(s, { action: 'delete', ticketId: 99 }, open), s)
  s = pageLoaded(emptyList(), 1, [ticket(2, { unreadMessages: 4 })], false)
  t.equal(applyTicketEvent(s, { action: 'updateUnread', ticketId: 2 }, open), s, 'bare frame: nothing to apply...')
  t.ok(needsRefresh(s, { action: 'updateUnread', ticketId: 2 }), '...the list asks for the ticket')
  t.notOk(needsRefresh(s, { action: 'updateUnread', ticketId: 3 }), 'not a row of this list')
  t.notOk(needsRefresh(s, { action: 'updateUnread', ticketId: 2, unreadMessages: 0 }), 'a frame with its count')
  t.notOk(needsRefresh(s, { action: 'update', ticket: ticket(2) }))
  t.equal(applyTicketEvent(s, { action: 'updateUnread', ticketId: 2, unreadMessages: 5 }, open).items[0].unreadMessages, 5)
  t.same(ids(applyTicketEvent(s, { action: 'updateUnread', ticketId: 2, unreadMessages: 0 }, { ...open, withUnreadMessages: true })), [], 'read while only unread are listed')
  t.equal(applyTicketEvent(s, { action: 'updateUnread', ticketId: 2, ticket: ticket(2, { unreadMessages: 1 }) }, open).items[0].unreadMessages, 1)
})

t.test('appMessage: a new message brings its ticket to the top', async (t) => {
  const message = { id: 1, ticketId: 1, body: 'olá', fromMe: false } as Message
  let s = loaded(ticket(3), ticket(1))
  s = applyAppMessage(s, { action: 'create', message, ticket: ticket(1, { lastMessage: 'olá', unreadMessages: 1, updatedAt: '2026-05-01T11:00:00.000Z' }) }, open)
  t.same(ids(s), [1, 3])
  t.match(s.items[0], { lastMessage: 'olá', unreadMessages: 1 })
  s = applyAppMessage(s, { action: 'update', message, ticket: ticket(9) }, open)
  t.same(ids(s), [1, 3], 'an edit of a message never adds a row')
})

t.test('search results are refreshed or dropped, never grown by live events', async (t) => {
  const search: ListScope = { ...open, status: undefined, showAll: true, mode: 'update-only' }
  let s = loaded(ticket(1))
  s = applyTicketEvent(s, { action: 'update', ticket: ticket(2) }, search)
  t.same(ids(s), [1])
  s = applyTicketEvent(s, { action: 'update', ticket: ticket(1, { status: 'closed', lastMessage: 'tchau' }) }, search)
  t.match(s.items[0], { status: 'closed', lastMessage: 'tchau' })
})

t.test('pages: later pages append, rows a live event added are not doubled', async (t) => {
  let s = pageLoaded(emptyList(), 1, [ticket(5), ticket(4)], true)
  s = applyTicketEvent(s, { action: 'update', ticket: ticket(3) }, open)
  s = pageLoaded(s, 2, [ticket(3), ticket(2)], false)
  t.same(ids(s), [5, 4, 3, 2])
  t.equal(s.page, 2)
  t.notOk(s.hasMore)
  t.same(ids({ items: sortTickets([ticket(1), ticket(2, { updatedAt: 'bad' }), ticket(3)]) }), [3, 1, 2], 'unparsable times last')
})
