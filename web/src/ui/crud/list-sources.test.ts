import t from 'tap'
import { listRoute, liveRecords } from './list-sources.ts'
import { STORAGE_KEYS, store } from '../../lib/storage.ts'

type Item = { id: number; name: string }

t.test('liveRecords reads the spec events by their field names', async (t) => {
  const live = liveRecords<Item>('file', { record: 'file', id: 'fileId' })
  t.equal(live.topic, 'file')
  t.same(live.change({ action: 'create', file: { id: 3, name: 'Catálogo' } }), { upsert: { id: 3, name: 'Catálogo' } })
  t.same(live.change({ action: 'update', file: { id: 3, name: 'Preços' } }), { upsert: { id: 3, name: 'Preços' } })
  t.same(live.change({ action: 'delete', fileId: '3' }), { remove: { id: 3 } }, 'an id sent as text removes the same row')
  t.equal(live.change({ action: 'delete', id: 3 }), null, 'a delete without its id field changes nothing')
  t.equal(live.change({ action: 'update' }), null, 'an event without its record changes nothing')
})

t.test('listRoute asks for the page and the search, and reads the module\'s items field', async (t) => {
  const asked: string[] = []
  const fetch = globalThis.fetch
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    asked.push(String(input))
    return new Response(JSON.stringify({ files: [{ id: 1, name: 'a' }], count: 41, hasMore: true }), { headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  t.teardown(() => void (globalThis.fetch = fetch))
  // A signed-in tab: the client sends a session's calls only with a token.
  store.setItem(STORAGE_KEYS.token, 'token')
  t.teardown(() => store.removeItem(STORAGE_KEYS.token))
  const page = await listRoute<Item>('/files', 'files')(2, 'cat', new AbortController().signal)
  t.same(page, { items: [{ id: 1, name: 'a' }], hasMore: true, count: 41 })
  t.match(asked[0], /^\/api\/files\?/)
  t.match(asked[0], /searchParam=cat/)
  t.match(asked[0], /pageNumber=2/)
  const empty = await listRoute<Item>('/files', 'records')(1, '', new AbortController().signal)
  t.same(empty.items, [], 'a missing items field is an empty page')
  await listRoute<Item>('/contact-list-items', 'contacts', { contactListId: 7, userId: undefined })(1, '', new AbortController().signal)
  t.match(asked[2], /contactListId=7/, 'the route\'s own query fields go along')
  t.notMatch(asked[2], /userId/, 'an absent one is left out')
})
