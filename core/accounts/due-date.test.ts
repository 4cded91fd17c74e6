import t from 'tap'
import { addDays, addMonths, addPeriod, RECURRENCE_MONTHS } from './due-date.ts'

t.test('each recurrence adds its months', async (t) => {
  t.same(RECURRENCE_MONTHS, { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 })
  const today = '2030-01-01'
  t.equal(addPeriod('2030-03-10', 'MENSAL', today), '2030-04-10')
  t.equal(addPeriod('2030-03-10', 'BIMESTRAL', today), '2030-05-10')
  t.equal(addPeriod('2030-03-10', 'TRIMESTRAL', today), '2030-06-10')
  t.equal(addPeriod('2030-03-10', 'SEMESTRAL', today), '2030-09-10')
  t.equal(addPeriod('2030-03-10', 'ANUAL', today), '2031-03-10')
})

t.test('a past, missing or today\'s due date counts from today', async (t) => {
  t.equal(addPeriod('2029-06-30', 'MENSAL', '2030-01-15'), '2030-02-15')
  t.equal(addPeriod(null, 'TRIMESTRAL', '2030-01-15'), '2030-04-15')
  t.equal(addPeriod('2030-01-15', 'MENSAL', '2030-01-15'), '2030-02-15')
  t.equal(addPeriod('2030-01-16', 'MENSAL', '2030-01-15'), '2030-02-16', 'tomorrow is still in the future')
})

t.test('addMonths clamps to the last day of the month and crosses years', async (t) => {
  t.equal(addMonths('2030-01-31', 1), '2030-02-28')
  t.equal(addMonths('2032-01-31', 1), '2032-02-29', 'leap year')
  t.equal(addMonths('2030-08-31', 1), '2030-09-30')
  t.equal(addMonths('2030-03-31', 6), '2030-09-30')
  t.equal(addMonths('2030-11-15', 2), '2031-01-15')
  t.equal(addMonths('2030-12-31', 12), '2031-12-31')
  t.equal(addMonths('2030-05-01', 0), '2030-05-01')
  t.equal(addMonths('2030-03-15', -1), '2030-02-15')
})

t.test('addDays crosses months, years and leap days', async (t) => {
  t.equal(addDays('2030-01-28', 7), '2030-02-04')
  t.equal(addDays('2030-12-29', 7), '2031-01-05')
  t.equal(addDays('2032-02-27', 2), '2032-02-29')
  t.equal(addDays('2030-03-01', -1), '2030-02-28')
})
