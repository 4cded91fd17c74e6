import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import { textOn, validateTag } from './types.ts'

t.test('translations: the spec\'s Portuguese texts', async (t) => {
  t.equal(pt.validation.tooShort, 'Mensagem muito curta')
  t.equal(pt.validation.required, 'Obrigatório')
})

t.test('tag form rules: name at least 3 once trimmed, colour 3-9', async (t) => {
  t.same(validateTag({ name: 'VIP', color: '#fff' }), {})
  t.same(validateTag({ name: '  ', color: '#fff' }), { name: 'tags:validation.required' })
  t.same(validateTag({ name: ' ab ', color: '#fff' }), { name: 'tags:validation.tooShort' })
  t.same(validateTag({ name: 'VIP', color: '#f' }), { color: 'tags:validation.color' })
  t.same(validateTag({ name: 'VIP', color: 'red;x' }), { color: 'tags:validation.color' })
})

t.test('chip text contrast', async (t) => {
  t.equal(textOn('#ffffff'), '#1c2127')
  t.equal(textOn('#ff0'), '#1c2127')
  t.equal(textOn('#000000'), '#fff')
  t.equal(textOn('#1a73e8'), '#fff')
  t.equal(textOn('red'), '#fff')
})
