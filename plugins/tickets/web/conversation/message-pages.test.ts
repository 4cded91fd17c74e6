import t from 'tap'
import { applyMessage, emptyMessages, mergePage, type MessagesState } from './message-pages.ts'

interface M { id: number; ticketId: number; createdAt: string; ack?: number; body?: string }
const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 10, min)).toISOString()
const m = (id: number, min: number, extra: Partial<M> = {}): M => ({ id, ticketId: 1, createdAt: at(min), ...extra })
const ids = (s: MessagesState<M>) => s.messages.map((x) => x.id)
const one = new Set([1])

t.test('pages merge newest first, older pages in front', async (t) => {
  let s = mergePage(emptyMessages<M>(), 1, [m(3, 3), m(4, 4)], true)
  t.same(ids(s), [3, 4])
  s = mergePage(s, 2, [m(1, 1), m(2, 2), m(3, 3, { body: 'stale copy' })], false)
  t.same(ids(s), [1, 2, 3, 4], 'a repeated message is not doubled')
  t.equal(s.messages[2].body, undefined, 'the loaded copy of a repeated message is kept')
  t.equal(s.hasMore, false)
  t.same(ids(mergePage(s, 1, [m(9, 9)], false)), [9], 'page 1 starts over')
})

t.test('realtime frames', async (t) => {
  const s = mergePage(emptyMessages<M>(), 1, [m(3, 3), m(4, 4, { ack: 1 })], true)
  t.same(ids(applyMessage(s, m(5, 5), one)), [3, 4, 5], 'a new message is appended')
  t.equal(applyMessage(s, m(4, 4, { ack: 3 }), one).messages[1].ack, 3, 'an update changes the message in place')
  t.same(ids(applyMessage(s, m(2, 2), one)), [3, 4], 'older than the loaded pages: it belongs to a page not loaded')
  t.same(ids(applyMessage({ ...s, hasMore: false }, m(2, 2), one)), [2, 3, 4], 'with every page loaded it is inserted in order')
  t.equal(applyMessage(s, { ...m(6, 6), ticketId: 2 }, one), s, 'another ticket is ignored')
  t.same(ids(applyMessage(emptyMessages<M>(), m(1, 1), one)), [1], 'the first message of an empty conversation')
})
