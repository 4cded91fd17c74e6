import t from 'tap'
import { appendPage, applyLive, initialPaged, nearBottom } from './paged-list.ts'

type Row = { id: number; name: string }
const key = (r: Row) => r.id

t.test('pages append and page 1 resets', async (t) => {
  let s = appendPage(initialPaged<Row>(), 1, [{ id: 1, name: 'a' }], true, key)
  s = appendPage(s, 2, [{ id: 2, name: 'b' }, { id: 1, name: 'a2' }], false, key)
  t.same(s.items, [{ id: 2, name: 'b' }, { id: 1, name: 'a2' }], 'a repeated row is replaced, not doubled')
  t.equal(s.page, 2)
  t.equal(s.hasMore, false)
  s = appendPage(s, 1, [{ id: 9, name: 'z' }], true, key)
  t.same(s.items, [{ id: 9, name: 'z' }])
})

t.test('live upsert and delete', async (t) => {
  const items: Row[] = [{ id: 1, name: 'a' }, { id: 2, name: 'b' }]
  t.same(applyLive(items, 'upsert', { id: 3, name: 'c' }, key).map(key), [3, 1, 2])
  t.same(applyLive(items, 'upsert', { id: 2, name: 'B' }, key)[1], { id: 2, name: 'B' })
  t.same(applyLive(items, 'delete', { id: 1 }, key).map(key), [2])
  t.equal(applyLive(items, 'delete', { id: 7 }, key), items)
})

t.test('near bottom within 100 px', async (t) => {
  t.ok(nearBottom({ scrollTop: 400, scrollHeight: 1000, clientHeight: 500 }))
  t.notOk(nearBottom({ scrollTop: 399, scrollHeight: 1000, clientHeight: 500 }))
})
