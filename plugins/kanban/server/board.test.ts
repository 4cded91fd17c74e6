import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { sampleTicket } from '@zapdesk/tickets/testing'
import { PAGE_SIZE } from './board.ts'
import { agentOf, board, call, createQueue, createTag, move, names } from './test-helpers.ts'

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)

t.test('lanes: GET /tags/kanban lists the kanban tags only (the board adds "Em aberto" itself)', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  await createTag(app, c.admin.headers, 'Negociação')
  await createTag(app, c.admin.headers, 'Aguardando')
  await createTag(app, c.admin.headers, 'Só rótulo', 0)
  await createTag(app, other.admin.headers, 'Alheia')
  const res = await call(app, 'GET', '/tags/kanban', c.user.headers)
  t.equal(res.statusCode, 200)
  t.same(res.json().lista.map((x: { name: string }) => x.name), ['Aguardando', 'Negociação'])
})

t.test('GET /ticket/kanban: pending and open tickets of the company, newest activity first, with the card fields', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const lane = await createTag(app, c.admin.headers, 'Proposta')
  const label = await createTag(app, c.admin.headers, 'VIP', 0)
  const ana = await sampleTicket(app, c.id, { name: 'Ana', lastMessage: 'Quero um orçamento', status: 'pending', updatedAt: minutesAgo(5) })
  await sampleTicket(app, c.id, { name: 'Bruno', lastMessage: 'Obrigado', status: 'open', updatedAt: minutesAgo(1) })
  await sampleTicket(app, c.id, { name: 'Carla', lastMessage: 'Resolvido', status: 'closed' })
  await sampleTicket(app, other.id, { name: 'Estranho', lastMessage: 'de outra empresa' })
  await move(app, c.admin.headers, ana.id, lane.id)
  // A plain label, as the ticket's own page sets it (through the tags service, whoever validates tickets).
  await app.knex.transaction((trx) => app.tags.addTicketTag(c.id, ana.id, label.id, trx))

  const answer = await board(app, c.admin.headers)
  t.same(names(answer.tickets), ['Bruno', 'Ana'], 'closed and foreign tickets are off the board')
  t.same([answer.count, answer.hasMore], [2, false])
  const card = answer.tickets[1]
  t.match(card, { id: ana.id, uuid: ana.uuid, status: 'pending', lastMessage: 'Quero um orçamento', contact: { id: ana.contactId, name: 'Ana', number: /^55119\d{8}$/ } })
  t.same(card.tags.map((x) => [x.name, x.kanban]), [['Proposta', 1], ['VIP', 0]], 'every tag, with its kanban flag')
  t.notOk('companyId' in card)
})

t.test('agents see their own queues (tickets not yet in a queue with allTicket); queueIds narrows, never widens', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const sales = await createQueue(app, c, 'Vendas', '#aa0000')
  const support = await createQueue(app, c, 'Suporte', '#00aa00')
  const seller = await agentOf(app, c, [sales.id], 'Vendedor')
  const both = await agentOf(app, c, [sales.id, support.id], 'Coringa', 'enabled')
  await sampleTicket(app, c.id, { name: 'Em vendas', lastMessage: 'x', queueId: sales.id, updatedAt: minutesAgo(3) })
  await sampleTicket(app, c.id, { name: 'Em suporte', lastMessage: 'x', queueId: support.id, updatedAt: minutesAgo(2) })
  await sampleTicket(app, c.id, { name: 'Sem fila', lastMessage: 'x', queueId: null, updatedAt: minutesAgo(1) })
  // Assigned to the seller but in another queue: they may open it, yet the board shows only their queues (spec).
  await sampleTicket(app, c.id, { name: 'Dele em suporte', lastMessage: 'x', queueId: support.id, userId: seller.id, updatedAt: minutesAgo(4) })

  t.same(names((await board(app, seller.headers)).tickets), ['Em vendas'], 'no "see tickets without a queue": none of those')
  t.same(names((await board(app, seller.headers, `?queueIds=${encodeURIComponent(JSON.stringify([sales.id, support.id]))}`)).tickets), ['Em vendas'], 'asking for a foreign queue adds nothing')
  t.same(names((await board(app, both.headers, `?queueIds=[${support.id}]`)).tickets), ['Sem fila', 'Em suporte', 'Dele em suporte'])
  t.same(names((await board(app, both.headers, '?queueIds=[]')).tickets), ['Sem fila', 'Em suporte', 'Em vendas', 'Dele em suporte'], '[] does not narrow')
  t.same(names((await board(app, c.user.headers)).tickets), ['Sem fila'], 'an agent without queues, with allTicket')
  t.same(names((await board(app, c.admin.headers)).tickets), ['Sem fila', 'Em suporte', 'Em vendas', 'Dele em suporte'], 'admins see every queue')
  t.same(names((await board(app, c.admin.headers, `?queueIds=[${sales.id}]`)).tickets), ['Sem fila', 'Em vendas'])
  t.same(names((await board(app, c.admin.headers, '?queueIds=[9999999999]')).tickets), ['Sem fila'], 'an impossible id narrows to nothing but "no queue"')

  for (const bad of ['1,2', '[1,', '["1"]', '[-1]', '[01]', '{"a":1}', '[1.5]', `[${'1,'.repeat(1200)}1]`]) {
    const res = await call(app, 'GET', `/ticket/kanban?queueIds=${encodeURIComponent(bad)}`, c.admin.headers)
    t.same([res.statusCode, res.json().error], [400, 'ERR_VALIDATION'], `queueIds=${bad.slice(0, 20)}`)
  }
})

t.test(`the board comes ${PAGE_SIZE} cards a page`, async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  for (let i = 0; i <= PAGE_SIZE; i++) await sampleTicket(app, c.id, { name: `Cliente ${i}`, lastMessage: 'oi', updatedAt: minutesAgo(PAGE_SIZE + 1 - i) })
  const first = await board(app, c.admin.headers)
  t.same([first.tickets.length, first.count, first.hasMore], [PAGE_SIZE, PAGE_SIZE + 1, true])
  t.equal(first.tickets[0].contact.name, `Cliente ${PAGE_SIZE}`)
  const second = await board(app, c.admin.headers, '?pageNumber=2')
  t.same([names(second.tickets), second.hasMore], [['Cliente 0'], false])
})
