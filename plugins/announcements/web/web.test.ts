import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }
import { checkAnnouncement, valuesOf } from './rules.ts'
import { countUnseen, markSeen, MAX_SEEN, readSeen, seenKey } from './seen.ts'
import { byPriority } from './priority.ts'
import type { Announcement } from './types.ts'

t.test('translations: plural forms of the count, zero included', async (t) => {
  for (const lng of [pt, en, es]) t.ok(['count_zero', 'count_one', 'count_other'].every((k) => k in lng))
  t.equal(pt.dialog.required, 'Obrigatório')
})

const memory = () => {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
}

t.test('seen announcements: per user, only new ids count, broken storage counts everything', async (t) => {
  const store = memory()
  t.same([...readSeen(store, 7)], [], 'nothing seen yet')
  t.equal(countUnseen([1, 2, 3], readSeen(store, 7)), 3)
  markSeen(store, 7, [1, 2])
  t.equal(countUnseen([1, 2, 3], readSeen(store, 7)), 1, 'only the one that arrived after opening')
  t.equal(countUnseen([1, 2, 3], readSeen(store, 8)), 3, 'another user of the same browser saw nothing')
  t.same([...markSeen(store, 7, [3])], [1, 2, 3], 'opened again: the earlier ones stay seen')
  store.setItem(seenKey(9), '{oops')
  t.same([...readSeen(store, 9)], [])
  store.setItem(seenKey(9), '[1,"x",2.5,4]')
  t.same([...readSeen(store, 9)], [1, 4], 'only whole ids')
  const many = Array.from({ length: MAX_SEEN + 10 }, (_, i) => i + 1)
  markSeen(store, 10, many)
  const kept = markSeen(store, 10, [1])
  t.equal(kept.size, MAX_SEEN, 'bounded')
  t.ok(kept.has(1) && kept.has(MAX_SEEN + 10), 'the ones shown now are never the ones dropped')
  const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError') } }
  t.same([...markSeen(full, 1, [5])], [5], 'a full storage does not break the popover')
})

t.test('the form: title and text required, png/jpg/jpeg only, the spec\'s defaults', async (t) => {
  const fresh = valuesOf()
  t.match(fresh, { title: '', text: '', priority: 3, status: true, media: { file: null, saved: null } })
  t.same(checkAnnouncement(fresh), { title: 'announcements:dialog.required', text: 'announcements:dialog.required' })
  const ok = { ...fresh, title: 'Aviso', text: 'Texto' }
  t.same(checkAnnouncement(ok), {})
  t.same(checkAnnouncement({ ...ok, title: '  ' }), { title: 'announcements:dialog.required' })
  for (const [name, valid] of [['a.PNG', true], ['b.jpg', true], ['c.jpeg', true], ['d.gif', false], ['e.pdf', false], ['png', false]] as const) {
    const errors = checkAnnouncement({ ...ok, media: { file: { name } as File, saved: null } })
    t.same(errors, valid ? {} : { media: 'announcements:dialog.imageOnly' }, name)
  }
})

t.test('live changes keep the server\'s order: high priority first, then newest', async (t) => {
  const a = (id: number, priority: 1 | 2 | 3, createdAt: string) => ({ id, priority, createdAt }) as Announcement
  const sorted = [a(1, 3, '2026-01-01'), a(2, 1, '2026-01-01'), a(3, 3, '2026-02-01'), a(4, 2, '2026-01-05'), a(5, 1, '2026-03-01')].sort(byPriority)
  t.same(sorted.map((x) => x.id), [5, 2, 4, 3, 1])
})
