import t from 'tap'
import { appendPage, applyLive, initialPaged, loadingPage, nearBottom } from './paged-list.ts'

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

t.test('a reload keeps the rows listed until its page replaces them; a new query and a next page do not', async (t) => {
  const listed = appendPage(initialPaged<Row>(), 1, [{ id: 1, name: 'a' }, { id: 2, name: 'b' }], true, key)
  const reloading = loadingPage(listed, 1, true)
  t.match(reloading, { items: listed.items, loading: true, refreshing: true, error: false })
  const reloaded = appendPage(reloading, 1, [{ id: 2, name: 'b2' }], false, key)
  t.match(reloaded, { items: [{ id: 2, name: 'b2' }], page: 1, loading: false, refreshing: false })
  t.match(loadingPage(listed, 1, false), { items: [], page: 0, loading: true, refreshing: false }, 'another search starts empty')
  t.match(loadingPage(listed, 2, false), { items: listed.items, loading: true, refreshing: false }, 'a next page keeps the rows, with the spinner below')
  t.match(loadingPage(initialPaged<Row>(), 1, true), { items: [], loading: true, refreshing: false }, 'a reload of an empty list shows the spinner')
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
