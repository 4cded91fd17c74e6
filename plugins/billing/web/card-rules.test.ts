import t from 'tap'
import { cardBrand, formatCardNumber, formatExpiry, luhnValid, validateCard } from './card-rules.ts'

const NOW = new Date(2030, 5, 15) // June 2030, the browser's calendar
const good = { number: '4111 1111 1111 1111', name: 'Ana Souza', expiry: '12/31', cvv: '123' }

t.test('card number: brand by prefix (Elo and Hipercard before Visa/Mastercard), Luhn, at most 16 digits', async (t) => {
  t.equal(cardBrand('4111111111111111'), 'VISA')
  t.equal(cardBrand('5555555555554444'), 'MASTERCARD')
  t.equal(cardBrand('2221000000000009'), 'MASTERCARD')
  t.equal(cardBrand('378282246310005'), 'AMEX')
  t.equal(cardBrand('6362970000457013'), 'ELO')
  t.equal(cardBrand('6062825624254001'), 'HIPERCARD')
  t.equal(cardBrand('9999999999999999'), null)
  t.equal(cardBrand('4'), null, 'one digit tells nothing yet')
  t.ok(luhnValid('4111111111111111'))
  t.notOk(luhnValid('4111111111111112'))
  t.notOk(luhnValid('4111'), 'too short')
  t.equal(formatCardNumber('4111-1111 1111 1111 9999'), '4111 1111 1111 1111', 'digits only, 16 at most, by four')
})

t.test('expiry: auto-formatted MM/YY; not past; CVV 3 or 4 digits; each field required', async (t) => {
  t.equal(formatExpiry('1231'), '12/31')
  t.equal(formatExpiry('1'), '1')
  t.equal(formatExpiry('12/3'), '12/3')
  t.same(validateCard(good, NOW), {})
  t.same(validateCard({ number: '', name: ' ', expiry: '', cvv: '' }, NOW), {
    number: 'billing:validation.required', name: 'billing:validation.required', expiry: 'billing:validation.required', cvv: 'billing:validation.required',
  })
  t.equal(validateCard({ ...good, number: '4111 1111 1111 1112' }, NOW).number, 'billing:card.errors.number')
  t.equal(validateCard({ ...good, number: '9999 9999 9999 9995' }, NOW).number, 'billing:card.errors.brand')
  t.equal(validateCard({ ...good, expiry: '13/31' }, NOW).expiry, 'billing:card.errors.expiry')
  t.equal(validateCard({ ...good, expiry: '12/3' }, NOW).expiry, 'billing:card.errors.expiry')
  t.equal(validateCard({ ...good, expiry: '05/30' }, NOW).expiry, 'billing:card.errors.expired', 'last month')
  t.same(validateCard({ ...good, expiry: '06/30' }, NOW), {}, 'this month still valid')
  t.equal(validateCard({ ...good, cvv: '12' }, NOW).cvv, 'billing:card.errors.cvv')
  t.same(validateCard({ ...good, cvv: '1234' }, NOW), {}, 'Amex has 4')
})
