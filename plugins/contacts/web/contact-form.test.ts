import t from 'tap'
import { maskContactNumber, validateContact } from './contact-form.ts'

t.test('contact form rules', async (t) => {
  const ok = { name: 'Maria', number: '(11) 98765-4321', email: '' }
  t.same(validateContact(ok), {})
  t.equal(validateContact({ ...ok, name: ' ' }).name, 'contacts:validation.required')
  t.equal(validateContact({ ...ok, name: 'M' }).name, 'contacts:validation.nameShort')
  t.equal(validateContact({ ...ok, name: 'M'.repeat(51) }).name, 'contacts:validation.nameLong')
  t.equal(validateContact({ ...ok, number: '(11) 9' }).number, 'contacts:validation.numberShort')
  t.equal(validateContact({ ...ok, number: '9'.repeat(51) }).number, 'contacts:validation.numberLong')
  t.equal(validateContact({ ...ok, email: 'maria@' }).email, 'contacts:validation.email')
})

t.test('the number mask', async (t) => {
  t.equal(maskContactNumber('1'), '(1')
  t.equal(maskContactNumber('11987'), '(11) 987')
  t.equal(maskContactNumber('11987654321'), '(11) 98765-4321')
  t.equal(maskContactNumber('1198765432'), '(11) 9876-5432')
  t.equal(maskContactNumber('5511987654321'), '+55 (11) 98765-4321')
  t.equal(maskContactNumber('+55 (11) 98765-4321'), '+55 (11) 98765-4321', 'idempotent')
  t.equal(maskContactNumber('35312345678901'), '+35312345678901')
})
