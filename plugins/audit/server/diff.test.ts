import t from 'tap'
import { diff, fromBody, labelOf, masked } from './diff.ts'
import { MASKED } from './kinds.ts'

t.test('secrets are masked by name at any depth; flags about them and empty values are kept', async (t) => {
  t.same(masked({ name: 'Bot', apiKey: 'sk-1', nested: { clientSecret: 's', list: [{ token: 't' }] }, hasApiKey: true, password: '' }),
    { name: 'Bot', apiKey: MASKED, nested: { clientSecret: MASKED, list: [{ token: MASKED }] }, hasApiKey: true, password: '' })
  t.equal((masked('x'.repeat(5000)) as string).length, 1001, 'long texts cut')
})

t.test('a diff lists changed fields only; secrets changed show as masked on both sides; unread sent fields as written', async (t) => {
  const before = { id: 1, name: 'A', color: '#111', token: 'old', updatedAt: '2026-01-01' }
  const after = { id: 1, name: 'B', color: '#111', token: 'new', updatedAt: '2026-01-02' }
  t.same(diff(before, after, { name: 'B', password: 'Senha123', empty: '' }), {
    name: { before: 'A', after: 'B' }, token: { before: MASKED, after: MASKED }, password: { after: MASKED },
  })
  t.same(diff(before, after, null, ['name']), { name: { before: MASKED, after: MASKED }, token: { before: MASKED, after: MASKED } }, 'a rule\'s own secret field')
  t.same(diff(null, { id: 2, companyId: 7, name: 'N', createdAt: '2026-01-01' }, null), { name: { after: 'N' } }, 'created: its fields, not its id, company or time')
  t.same(diff({ id: 2, name: 'N' }, null, null), { name: { before: 'N' } }, 'deleted')
  const huge = diff(null, Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, 'y'.repeat(900)])), null)
  t.same(huge.f0, { after: '[too large]' }, 'a huge change keeps its field names only')
})

t.test('a write without a read: the body, masked', async (t) => {
  t.same(fromBody({ planId: 3, payment_token: 'tok', cardNumber: '4111' }, 'updated'), { planId: { after: 3 }, payment_token: { after: MASKED }, cardNumber: { after: MASKED } })
  t.same(fromBody({ id: 3 }, 'deleted'), { id: { before: 3 } })
  t.equal(labelOf(null, { title: ' Aviso ' }), 'Aviso')
  t.equal(labelOf({ id: 1 }, null), null)
})
