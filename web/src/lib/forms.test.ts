import t from 'tap'
import { maskPhone, phoneDigits, formatMoney } from './masks.ts'
import { validateUserForm, validateSignup, validateForgotEmail, validateNewPassword, isBlank } from './validation.ts'

t.test('phone mask (99) 99999-9999', async (t) => {
  t.equal(maskPhone(''), '')
  t.equal(maskPhone('1'), '(1')
  t.equal(maskPhone('11'), '(11')
  t.equal(maskPhone('119'), '(11) 9')
  t.equal(maskPhone('1198765'), '(11) 98765')
  t.equal(maskPhone('11987654'), '(11) 98765-4')
  t.equal(maskPhone('11987654321'), '(11) 98765-4321')
  t.equal(maskPhone('(11) 98765-43210999'), '(11) 98765-4321', 'max 11 digits')
  t.equal(maskPhone('ab11c9'), '(11) 9')
  t.equal(phoneDigits('(11) 98765-4321'), '11987654321')
})

t.test('money', async (t) => {
  t.match(formatMoney(30), /R\$\s?30,00/)
  t.match(formatMoney('12.5'), /12,50/)
})

t.test('user form rules', async (t) => {
  t.same(validateUserForm({ name: 'Ana', email: 'ana@x.com', password: 'secret' }, true), {})
  t.same(validateUserForm({ name: '', email: '', password: '' }, true), {
    name: 'validation.required',
    email: 'validation.required',
    password: 'validation.required',
  })
  t.same(validateUserForm({ name: 'A', email: 'nope', password: '1234' }, true), {
    name: 'validation.tooShort',
    email: 'validation.invalidEmail',
    password: 'validation.tooShort',
  })
  t.same(validateUserForm({ name: 'x'.repeat(51), email: 'a@b.co', password: 'y'.repeat(51) }, true), {
    name: 'validation.tooLong',
    password: 'validation.tooLong',
  })
  t.same(validateUserForm({ name: 'Ana', email: 'ana@x.com', password: '' }, false), {}, 'password optional on edit')
  t.same(validateUserForm({ name: 'Ana', email: 'ana@x.com', password: '12' }, false), { password: 'validation.tooShort' })
})

t.test('signup rules', async (t) => {
  t.same(validateSignup({ name: 'Acme', userName: 'Ana Lima', email: 'a@acme.com', phone: '', password: '12345' }), {})
  t.same(validateSignup({ name: 'A', userName: '', email: 'a@', phone: '', password: '1234' }), {
    name: 'validation.tooShort',
    userName: 'validation.required',
    email: 'validation.invalidEmail',
    password: 'validation.tooShort',
  })
})

t.test('forgot and reset password rules', async (t) => {
  t.equal(validateForgotEmail(''), 'validation.required')
  t.equal(validateForgotEmail('x@'), 'validation.invalidEmail')
  t.equal(validateForgotEmail('x@y.com'), null)
  t.same(validateNewPassword('', ''), { password: 'validation.fieldRequired' })
  t.same(validateNewPassword('abcdefgh', 'abcdefgh'), { password: 'validation.weakPassword' })
  t.same(validateNewPassword('Abcdefg1', ''), { confirm: 'validation.fieldRequired' })
  t.same(validateNewPassword('Abcdefg1', 'Abcdefg2'), { confirm: 'validation.passwordsDiffer' })
  t.same(validateNewPassword('Abcdefg1', 'Abcdefg1'), {})
})

t.test('to-do text', async (t) => {
  t.ok(isBlank('   '))
  t.notOk(isBlank(' a '))
})

t.test('volume is clamped to 0..1 in 0.1 steps', async (t) => {
  const { clampVolume } = await import('./volume.ts')
  t.equal(clampVolume('0.3'), 0.3)
  t.equal(clampVolume(0.34), 0.3)
  t.equal(clampVolume(2), 1)
  t.equal(clampVolume(-1), 0)
  t.equal(clampVolume('x'), 1)
  t.equal(clampVolume(''), 1)
  t.equal(clampVolume(null), 1)
})
