import t from 'tap'
import { validateContactEdit, validateNote } from './drawer-forms.ts'

t.test('contact drawer edit form', async (t) => {
  const ok = { name: 'Maria', number: '5511987654321', email: '' }
  t.same(validateContactEdit(ok), {})
  t.equal(validateContactEdit({ ...ok, name: '' }).name, 'core:validation.required')
  t.equal(validateContactEdit({ ...ok, name: 'M' }).name, 'core:validation.tooShort')
  t.equal(validateContactEdit({ ...ok, name: 'M'.repeat(51) }).name, 'core:validation.tooLong')
  t.equal(validateContactEdit({ ...ok, number: '(11) 98' }).number, 'core:validation.tooShort')
  t.equal(validateContactEdit({ ...ok, number: '1'.repeat(51) }).number, 'core:validation.tooLong')
  t.equal(validateContactEdit({ ...ok, email: 'x@y' }).email, 'core:validation.invalidEmail')
})

t.test('ticket note', async (t) => {
  t.equal(validateNote(' '), 'core:validation.required')
  t.equal(validateNote('a'), 'core:validation.tooShort')
  t.equal(validateNote('ok'), null)
})
