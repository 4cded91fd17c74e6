import t from 'tap'
import type { AuthContext } from '@zapdesk/plugin-api'
import { contact, inbound, outbox, waitFor, world } from '../messages/test-helpers.ts'
import { TicketNote } from '../models.ts'
import { queueIds as createQueues } from '@zapdesk/connections/testing'
import { sampleTicket } from '../testing/sample-ticket.ts'

t.test('findOrOpen opens one ticket per contact and connection, then finds it; concurrent calls open one', async (t) => {
  const w = await world()
  const c = await contact(w.app, w.c.id)
  const first = await w.app.tickets.findOrOpen(w.c.id, { contactId: c.id, whatsappId: w.whatsappId })
  t.match(first, { created: true, ticket: { contactId: c.id, whatsappId: w.whatsappId, status: 'pending', userId: null, active: 1 } })
  const again = await w.app.tickets.findOrOpen(w.c.id, { contactId: c.id })
  t.same([again.created, again.ticket.id], [false, first.ticket.id], 'the default connection is the sandbox; the same ticket')

  const other = await contact(w.app, w.c.id)
  const racing = await Promise.all(Array.from({ length: 6 }, () => w.app.tickets.findOrOpen(w.c.id, { contactId: other.id, whatsappId: w.whatsappId, userId: w.c.user.id })))
  t.equal(new Set(racing.map((r) => r.ticket.id)).size, 1, 'one ticket for six concurrent calls')
  t.equal(racing.filter((r) => r.created).length, 1)
  t.match(racing[0].ticket, { status: 'open', userId: w.c.user.id })

  await t.rejects(w.app.tickets.findOrOpen(w.c.id, { contactId: 999999999, whatsappId: w.whatsappId }), { code: 'ERR_NO_CONTACT_FOUND' })
  const stranger = await world()
  const theirs = await contact(stranger.app, stranger.c.id)
  await t.rejects(w.app.tickets.findOrOpen(w.c.id, { contactId: theirs.id, whatsappId: w.whatsappId }), { code: 'ERR_NO_CONTACT_FOUND' }, 'another company\'s contact is not found')
})

t.test('sendMessage stores the message on the ticket and the connection sends it', async (t) => {
  const w = await world()
  const c = await contact(w.app, w.c.id, { number: '5511955554444' })
  const { ticket } = await w.app.tickets.findOrOpen(w.c.id, { contactId: c.id, whatsappId: w.whatsappId })
  const message = await w.app.tickets.sendMessage(w.c.id, ticket.id, { body: 'Olá do plugin' })
  t.match(message, { ticketId: ticket.id, fromMe: true, body: 'Olá do plugin' })
  const sent = await waitFor(async () => (await outbox(w)).find((m) => m.body === 'Olá do plugin'), 5000, 'the sandbox outbox')
  t.match(sent, { to: '5511955554444' })
  await t.rejects(w.app.tickets.sendMessage(w.c.id, 999999999, { body: 'x' }), { code: 'ERR_NO_TICKET_FOUND' })
})

t.test('conversation: the newest messages oldest first, without deleted ones; a note by the platform', async (t) => {
  const w = await world({ startJobs: false })
  const c = await contact(w.app, w.c.id)
  const { ticket } = await w.app.tickets.findOrOpen(w.c.id, { contactId: c.id, whatsappId: w.whatsappId })
  for (const body of ['um', 'dois', 'três']) await inbound(w.app, ticket, body)
  await inbound(w.app, ticket, 'apagada', { isDeleted: true })
  await w.app.tickets.sendMessage(w.c.id, ticket.id, { body: 'quatro' })
  t.same((await w.app.tickets.conversation.recent(w.c.id, ticket.id, 3)).map((m) => [m.body, m.fromMe]), [['dois', false], ['três', false], ['quatro', true]])
  t.same(await w.app.tickets.conversation.recent(w.c.id, ticket.id, 0), [])
  const stranger = await world({ startJobs: false })
  t.same(await stranger.app.tickets.conversation.recent(stranger.c.id, ticket.id, 10), [], 'another company reads nothing')

  await w.app.tickets.conversation.note(w.c.id, ticket.id, 'Atendimento passado aos atendentes')
  t.match(await w.app.bind(TicketNote).query().forCompany(w.c.id).where({ ticketId: ticket.id }), [{ note: 'Atendimento passado aos atendentes', userId: null, contactId: c.id }])
  await t.rejects(stranger.app.tickets.conversation.note(stranger.c.id, ticket.id, 'x'), { code: 'ERR_NO_TICKET_FOUND' })
})

t.test('boards: a page within the caller\'s visibility and queues; one ticket; the visibility check', async (t) => {
  const w = await world()
  const [q1, q2] = await createQueues(w.app, w.c.admin.headers, 2)
  const agentAuth = { companyId: w.c.id, userId: w.c.user.id, profile: 'user', super: false, allTicket: 'desabled', queueIds: [q1] } as unknown as AuthContext
  const noQueueAuth = { ...agentAuth, allTicket: 'enabled' } as AuthContext
  const adminAuth = { ...agentAuth, userId: w.c.admin.id, profile: 'admin', queueIds: [] } as AuthContext
  const mine = await sampleTicket(w.app, w.c.id, { name: 'Minha fila', lastMessage: 'a', status: 'pending', queueId: q1 })
  const noQueue = await sampleTicket(w.app, w.c.id, { name: 'Sem fila', lastMessage: 'b', status: 'pending' })
  const held = await sampleTicket(w.app, w.c.id, { name: 'Comigo', lastMessage: 'c', queueId: q2, userId: w.c.user.id })
  const hidden = await sampleTicket(w.app, w.c.id, { name: 'Outra fila', lastMessage: 'd', queueId: q2 })
  const closed = await sampleTicket(w.app, w.c.id, { name: 'Fechado', lastMessage: 'e', status: 'closed', queueId: q1 })

  const ids = async (auth: AuthContext, queueIds?: number[]) =>
    (await w.app.tickets.boards.page(auth, { statuses: ['pending', 'open'], queueIds, page: 1, pageSize: 50 })).tickets.map((x) => x.id).sort()
  t.same(await ids(agentAuth), [mine.id, held.id].sort(), 'own queue, held by them; not the other queue, no queue nor closed')
  t.same(await ids(noQueueAuth), [mine.id, noQueue.id, held.id].sort(), 'allTicket: tickets without a queue too')
  t.same(await ids(adminAuth), [mine.id, noQueue.id, held.id, hidden.id].sort(), 'admins see every open or pending ticket')
  t.same(await ids(adminAuth, [q2]), [noQueue.id, held.id, hidden.id].sort(), 'a queue filter keeps tickets without a queue')
  const page = await w.app.tickets.boards.page(adminAuth, { statuses: ['pending', 'open'], page: 2, pageSize: 3 })
  t.same([page.count, page.tickets.length], [4, 1])

  t.match(await w.app.tickets.boards.ticket(w.c.id, closed.id), { id: closed.id, status: 'closed', contact: { name: 'Fechado' } })
  await t.resolves(w.app.tickets.boards.assertVisible(agentAuth, held.id))
  await t.rejects(w.app.tickets.boards.assertVisible(agentAuth, hidden.id), { code: 'ERR_NO_TICKET_FOUND' })
  const stranger = { ...adminAuth, companyId: w.c.id + 100000 }
  await t.rejects(w.app.tickets.boards.assertVisible(stranger, mine.id), { code: 'ERR_NO_TICKET_FOUND' }, 'another company finds nothing')
  t.equal(await w.app.tickets.boards.ticket(w.c.id + 100000, mine.id), undefined)

  t.notOk(w.app.tickets.visibility.canSee(agentAuth, { queueId: null, userId: null }))
  t.ok(w.app.tickets.visibility.canSee(noQueueAuth, { queueId: null, userId: null }))
  t.notOk(w.app.tickets.visibility.canSee(agentAuth, { queueId: q2, userId: null }))
  t.same(w.app.tickets.visibility.audience({ queueId: q2, userId: 5 }), { queueIds: [q2], queueBypassUserIds: [5] })
  t.same(w.app.tickets.visibility.audience({ queueId: null, userId: null }), { queueIds: [], withoutQueue: true })
})
