import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import { applyCard, belongsOnBoard, boardQuery, groupByLane, laneOf, lanesOf, movedCard, OPEN_LANE, type KanbanCard } from './board.ts'

const lanes = lanesOf([{ id: 10, name: 'Proposta', color: '#f00' }, { id: 20, name: 'Fechamento', color: '#0f0' }])
const card = (id: number, over: Partial<KanbanCard> = {}): KanbanCard => ({
  id, uuid: `u${id}`, status: 'open', queueId: null, userId: null, contact: { id, name: `C${id}`, number: '5511' }, lastMessage: 'oi',
  updatedAt: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(), tags: [], ...over,
})

t.test('translations: the spec\'s toasts', async (t) => {
  t.equal(pt.removed, 'Ticket Tag Removido!')
  t.equal(pt.added, 'Ticket Tag Adicionado com Sucesso!')
  t.equal(pt.openLane, 'Em aberto')
})

t.test('lanes: "Em aberto" first, then the kanban tags; a card sits in its first lane in board order', async (t) => {
  t.same(lanes.map((l) => l.id), [OPEN_LANE, 10, 20])
  t.equal(laneOf(card(1), lanes), OPEN_LANE)
  t.equal(laneOf(card(1, { tags: [{ id: 99, name: 'VIP', color: '#000' }] }), lanes), OPEN_LANE, 'a plain label is no lane')
  t.equal(laneOf(card(1, { tags: [{ id: 20, name: 'Fechamento', color: '#0f0' }, { id: 10, name: 'Proposta', color: '#f00' }] }), lanes), 10)
  const grouped = groupByLane([card(1), card(2, { tags: [{ id: 20, name: 'x', color: '#0f0' }] })], lanes)
  t.same([...grouped].map(([id, cards]) => [id, cards.map((c) => c.id)]), [[0, [1]], [10, []], [20, [2]]])
})

t.test('a move takes the card out of every lane and into the target, keeping plain labels', async (t) => {
  const c = card(1, { tags: [{ id: 10, name: 'Proposta', color: '#f00' }, { id: 99, name: 'VIP', color: '#000' }] })
  t.same(movedCard(c, lanes, 20).tags.map((x) => x.id), [20, 99])
  t.same(movedCard(c, lanes, OPEN_LANE).tags.map((x) => x.id), [99])
})

t.test('live frames follow the server\'s rule: pending/open, own queues or none; newest first', async (t) => {
  const agent = { isAdmin: false, queueIds: [5] }
  t.ok(belongsOnBoard({ status: 'pending', queueId: 5 }, agent))
  t.ok(belongsOnBoard({ status: 'open', queueId: null }, agent))
  t.notOk(belongsOnBoard({ status: 'open', queueId: 6 }, agent))
  t.notOk(belongsOnBoard({ status: 'closed', queueId: 5 }, agent))
  t.notOk(belongsOnBoard({ status: 'open', queueId: 6 }, { isAdmin: false, queueIds: [] }))
  t.ok(belongsOnBoard({ status: 'open', queueId: 6 }, { isAdmin: true, queueIds: [] }), 'an admin without queues sees all')
  t.notOk(belongsOnBoard({ status: 'open', queueId: 6 }, { isAdmin: true, queueIds: [5] }), 'an admin with queues sees theirs')

  let list = [card(1), card(2)]
  list = applyCard(list, card(3), agent)
  t.same(list.map((c) => c.id), [3, 2, 1], 'a new ticket comes first')
  list = applyCard(list, card(1, { lastMessage: 'nova', updatedAt: '2026-02-01T00:00:00.000Z' }), agent)
  t.same([list[0].id, list[0].lastMessage], [1, 'nova'], 'an updated ticket moves up with its new message')
  t.same(applyCard(list, card(2, { status: 'closed' }), agent).map((c) => c.id), [1, 3], 'a closed ticket leaves')
  t.same(applyCard(list, card(2, { queueId: 6 }), agent).map((c) => c.id), [1, 3], 'so does one transferred to another queue')
})

t.test('the board asks for the viewer\'s own queues', async (t) => {
  t.same(boardQuery({ isAdmin: false, queueIds: [5, 7] }, 2), { pageNumber: 2, queueIds: '[5,7]' })
  t.same(boardQuery({ isAdmin: true, queueIds: [] }, 1), { pageNumber: 1 })
})
