import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { connect } from '@zapdesk/plugin-api/testing'
import { sampleTicket } from '@zapdesk/tickets/testing'
import { agentOf, board, call, createQueue, createTag, move } from './test-helpers.ts'

const laneNames = (card: { tags: Array<{ name: string; kanban: number }> }) => card.tags.filter((x) => x.kanban).map((x) => x.name)

t.test('a move is remove + add: the card leaves its lane for the new one, plain labels stay, events follow', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const [todo, doing] = [await createTag(app, c.admin.headers, 'A fazer'), await createTag(app, c.admin.headers, 'Fazendo')]
  const vip = await createTag(app, c.admin.headers, 'VIP', 0)
  const ticket = await sampleTicket(app, c.id, { name: 'Ana', lastMessage: 'oi' })
  await app.knex.transaction((trx) => app.tags.addTicketTag(c.id, ticket.id, vip.id, trx))
  const events: unknown[] = []
  app.events.on('ticket.tagsChanged', (p) => void events.push(p))

  const put = await call(app, 'PUT', `/ticket-tags/${ticket.id}/${todo.id}`, c.user.headers)
  t.equal(put.statusCode, 200)
  t.match(put.json(), { id: ticket.id, uuid: ticket.uuid, contact: { name: 'Ana' } })
  t.same(laneNames(put.json()), ['A fazer'])
  const moved = await move(app, c.user.headers, ticket.id, doing.id)
  t.same(moved.tags.map((x) => x.name), ['Fazendo', 'VIP'], 'out of "A fazer", into "Fazendo"; the label stays')
  t.same(laneNames((await board(app, c.admin.headers)).tickets[0]), ['Fazendo'], 'the board agrees')
  const back = await call(app, 'DELETE', `/ticket-tags/${ticket.id}`, c.user.headers)
  t.same(back.json().tags.map((x: { name: string }) => x.name), ['VIP'], 'back to "Em aberto"')
  t.same((await call(app, 'PUT', `/ticket-tags/${ticket.id}/${doing.id}`, c.user.headers)).statusCode, 200)
  t.same((await call(app, 'PUT', `/ticket-tags/${ticket.id}/${doing.id}`, c.user.headers)).statusCode, 200, 'adding again is fine')
  t.equal((await call(app, 'GET', `/tags/${doing.id}`, c.user.headers)).json().ticketsCount, 1, 'and links once')

  await app.events.idle()
  t.same(events, [
    { companyId: c.id, ticketId: ticket.id, tagIds: [todo.id, vip.id] },
    { companyId: c.id, ticketId: ticket.id, tagIds: [vip.id] },
    { companyId: c.id, ticketId: ticket.id, tagIds: [doing.id, vip.id] },
    { companyId: c.id, ticketId: ticket.id, tagIds: [vip.id] },
    { companyId: c.id, ticketId: ticket.id, tagIds: [doing.id, vip.id] },
  ], 'ticket.tagsChanged for every real change (the tickets plugin republishes the ticket), none for no-ops')
})

t.test('only kanban tags of the company, only tickets of the company the caller may see: 404 otherwise', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const lane = await createTag(app, c.admin.headers, 'Proposta')
  const label = await createTag(app, c.admin.headers, 'Só rótulo', 0)
  const foreignLane = await createTag(app, other.admin.headers, 'Alheia')
  const sales = await createQueue(app, c, 'Vendas', '#aa0000')
  const support = await createQueue(app, c, 'Suporte', '#00aa00')
  const seller = await agentOf(app, c, [sales.id])
  const mine = await sampleTicket(app, c.id, { name: 'Meu', lastMessage: 'x', queueId: sales.id })
  const notMine = await sampleTicket(app, c.id, { name: 'Suporte', lastMessage: 'x', queueId: support.id })
  const assigned = await sampleTicket(app, c.id, { name: 'Atribuído', lastMessage: 'x', queueId: support.id, userId: seller.id })
  const foreign = await sampleTicket(app, other.id, { name: 'Alheio', lastMessage: 'x' })
  await call(app, 'PUT', `/ticket-tags/${foreign.id}/${foreignLane.id}`, other.admin.headers)
  const refused = async (method: 'PUT' | 'DELETE', url: string, headers: { authorization: string }, error: string, what: string) => {
    const res = await call(app, method, url, headers)
    t.same([res.statusCode, res.json().error], [404, error], what)
  }

  await refused('PUT', `/ticket-tags/${mine.id}/${label.id}`, seller.headers, 'ERR_NO_TAG_FOUND', 'a plain label is not a lane')
  await refused('PUT', `/ticket-tags/${mine.id}/${foreignLane.id}`, seller.headers, 'ERR_NO_TAG_FOUND', 'another company\'s lane')
  await refused('PUT', `/ticket-tags/${mine.id}/999999`, seller.headers, 'ERR_NO_TAG_FOUND', 'no such tag')
  await refused('PUT', `/ticket-tags/${foreign.id}/${lane.id}`, c.admin.headers, 'ERR_NO_TICKET_FOUND', 'another company\'s ticket, even for an admin')
  await refused('DELETE', `/ticket-tags/${foreign.id}`, c.admin.headers, 'ERR_NO_TICKET_FOUND', 'nor can it be taken out of its lane')
  await refused('PUT', `/ticket-tags/${notMine.id}/${lane.id}`, seller.headers, 'ERR_NO_TICKET_FOUND', 'a ticket of a queue the agent is not in')
  await refused('DELETE', `/ticket-tags/${notMine.id}`, seller.headers, 'ERR_NO_TICKET_FOUND', 'same for removing')
  await refused('PUT', `/ticket-tags/999999/${lane.id}`, c.admin.headers, 'ERR_NO_TICKET_FOUND', 'no such ticket')
  t.equal((await call(app, 'PUT', `/ticket-tags/${assigned.id}/${lane.id}`, seller.headers)).statusCode, 200, 'a ticket assigned to the agent moves, as they may open it')
  t.equal((await call(app, 'PUT', `/ticket-tags/${mine.id}/${lane.id}`, seller.headers)).statusCode, 200)
  t.equal((await call(app, 'PUT', `/ticket-tags/${notMine.id}/${lane.id}`, c.admin.headers)).statusCode, 200, 'admins move any ticket of their company')
  t.same((await app.tags.ofTickets(other.id, [foreign.id])).get(foreign.id)!.map((x) => x.name), ['Alheia'], 'the other company\'s link is untouched')
  for (const url of ['/ticket-tags/0/1', '/ticket-tags/x/1', '/ticket-tags/1/-1', '/ticket-tags/1/99999999999']) {
    t.equal((await call(app, 'PUT', url, c.admin.headers)).json().error, 'ERR_VALIDATION', url)
  }
})

t.test('moves reach the sockets of those who may see the ticket, live', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const lane = await createTag(app, c.admin.headers, 'Proposta')
  const sales = await createQueue(app, c, 'Vendas', '#aa0000')
  const support = await createQueue(app, c, 'Suporte', '#00aa00')
  const seller = await agentOf(app, c, [sales.id], 'Vendedor')
  const helper = await agentOf(app, c, [support.id], 'Suporte')
  const ticket = await sampleTicket(app, c.id, { name: 'Ana', lastMessage: 'oi', queueId: sales.id })
  const [admin, sellerSocket, helperSocket, stranger] = await Promise.all([
    connect(app, c.admin.token, t), connect(app, seller.token, t), connect(app, helper.token, t), connect(app, other.admin.token, t),
  ])
  const event = `company-${c.id}-kanban`

  await move(app, c.admin.headers, ticket.id, lane.id)
  const frame = await sellerSocket.next((f) => f.event === event && (f.data?.ticket as { tags: unknown[] })?.tags.length === 1)
  t.match(frame.data, { action: 'update', ticket: { id: ticket.id, uuid: ticket.uuid, contact: { name: 'Ana' }, tags: [{ id: lane.id, name: 'Proposta', kanban: 1 }] } })
  await admin.next((f) => f.event === event && (f.data?.ticket as { tags: unknown[] })?.tags.length === 1)
  await app.events.idle()
  await Promise.all([helperSocket.sync(), stranger.sync()])
  t.equal(helperSocket.count(event), 0, 'an agent of another queue hears nothing of it')
  t.equal(stranger.frames.filter((f) => f.event?.endsWith('-kanban')).length, 0, 'nor does another company')
})
