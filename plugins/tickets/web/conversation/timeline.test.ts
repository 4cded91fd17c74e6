import t from 'tap'
import { buildTimeline, dayLabel, timeLabel } from './timeline.ts'

// Local times, so the test holds in any time zone.
const at = (d: number, h: number, min = 0) => new Date(2026, 0, d, h, min).toISOString()
const msg = (id: number, ticketId: number, createdAt: string) => ({ id, ticketId, createdAt })
const kinds = (items: { kind: string }[]) => items.map((i) => i.kind)

t.test('labels use the local day and time', async (t) => {
  t.equal(dayLabel(at(5, 23, 59)), '05/01/2026')
  t.equal(timeLabel(at(5, 9, 7)), '09:07')
  t.equal(dayLabel('nonsense'), '')
})

t.test('day separators between days', async (t) => {
  const items = buildTimeline([msg(1, 1, at(1, 10)), msg(2, 1, at(1, 11)), msg(3, 1, at(2, 9))], false)
  t.same(kinds(items), ['day', 'message', 'message', 'day', 'message'])
  t.same(items.filter((i) => i.kind === 'day').map((i) => (i as { label: string }).label), ['01/01/2026', '02/01/2026'])
})

t.test('the ticket start shows only once no older page is left', async (t) => {
  const list = [msg(1, 7, at(1, 10))]
  t.same(kinds(buildTimeline(list, false)), ['day', 'message'])
  t.same(kinds(buildTimeline(list, true)), ['ticketStart', 'day', 'message'])
  t.same(buildTimeline([], true), [])
})

t.test('a change of ticket closes one and starts the next', async (t) => {
  const items = buildTimeline([msg(1, 7, at(1, 10)), msg(2, 7, at(1, 11)), msg(3, 9, at(1, 12))], true)
  t.same(kinds(items), ['ticketStart', 'day', 'message', 'message', 'ticketEnd', 'ticketStart', 'day', 'message'])
  t.match(items[4], { kind: 'ticketEnd', ticketId: 7 })
  t.match(items[5], { kind: 'ticketStart', ticketId: 9 })
  t.equal(new Set(items.map((i) => i.key)).size, items.length, 'keys are unique')
})
