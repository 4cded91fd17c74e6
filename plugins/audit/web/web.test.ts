import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }
import { AUDIT_ACTIONS, AUDIT_KINDS } from '../server/kinds.ts'
import { queryOf, shown } from './query.ts'
import { NO_FILTERS } from './types.ts'

t.test('translations: a label for every kind and action in pt, en and es', async (t) => {
  for (const lng of [pt, en, es]) {
    t.same(Object.keys(lng.kinds).sort(), [...AUDIT_KINDS].sort())
    t.same(Object.keys(lng.actions).sort(), [...AUDIT_ACTIONS].sort())
  }
})

t.test('the filters as a query: empty ones left out, local days as the moments they start and end', async (t) => {
  t.same(Object.values(queryOf(NO_FILTERS)).filter((v) => v !== undefined), [])
  const q = queryOf({ ...NO_FILTERS, search: '  fila ', userId: '7', kind: 'queues', from: '2026-03-01', to: '2026-03-01' })
  t.match(q, { search: 'fila', userId: 7, kind: 'queues' })
  t.equal(q.from, new Date('2026-03-01T00:00:00').toISOString())
  t.equal(q.to, new Date('2026-03-01T23:59:59.999').toISOString())
  t.ok(new Date(q.to as string) > new Date(q.from as string))
})

t.test('values as the dialog shows them', async (t) => {
  t.equal(shown('x', true), 'x')
  t.equal(shown(null, true), '∅')
  t.equal(shown([1, 2], true), '[1,2]')
  t.equal(shown(undefined, false), null)
})
