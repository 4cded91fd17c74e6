import t from 'tap'
import { digitsOnly, isValidCpf } from './cpf.ts'
import { planChangePrice } from './price.ts'

t.test('CPF: 11 digits, not all alike, both check digits', async (t) => {
  t.ok(isValidCpf('52998224725'))
  t.ok(isValidCpf('11144477735'))
  t.notOk(isValidCpf('52998224724'), 'second check digit wrong')
  t.notOk(isValidCpf('52998224715'), 'first check digit wrong')
  t.notOk(isValidCpf('11111111111'), 'all the same digit')
  t.notOk(isValidCpf('5299822472'), 'ten digits')
  t.notOk(isValidCpf('529.982.247-25'), 'the check runs on digits only')
  t.equal(digitsOnly('529.982.247-25', 11), '52998224725')
  t.equal(digitsOnly('01001-000x9', 8), '01001000')
})

t.test('plan-change price: dearer plans cost value/30 per whole day left; others their value', async (t) => {
  t.equal(planChangePrice(300, 199, '2030-01-01', '2030-01-16'), 150, '300 / 30 * 15 days')
  t.equal(planChangePrice(300, 199, '2030-01-01', '2030-01-01'), 0, 'no day left')
  t.equal(planChangePrice(99, 199, '2030-01-01', '2030-01-16'), 99, 'cheaper: the plan value')
  t.equal(planChangePrice(199, 199, '2030-01-01', '2030-01-16'), 199, 'the same value: the plan value')
  t.equal(planChangePrice(100, 50, '2030-01-01', '2030-01-08'), 23.33, 'rounded to cents')
  t.equal(planChangePrice(300, 199, '2030-01-01', null), 300, 'no due date: the plan value')
})
