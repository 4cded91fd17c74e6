import t from 'tap'
import { subscriptionState, landingAfterLogin, dueDateRowTone } from './subscription.ts'
import { daysUntil, formatDate, parseIsoDate, addDays, toIsoDate } from '../lib/dates.ts'

const today = new Date(2025, 2, 10) // 10 March 2025
const inDays = (n: number) => toIsoDate(addDays(today, n))

t.test('dates', async (t) => {
  t.equal(daysUntil('2025-03-10', today), 0)
  t.equal(daysUntil('2025-03-15', today), 5)
  t.equal(daysUntil('2025-03-06', today), -4)
  t.equal(daysUntil(null, today), null)
  t.equal(daysUntil('2025-04-01T12:00:00.000Z', today), 22)
  t.equal(formatDate('2025-03-06'), '06/03/2025')
  t.equal(formatDate('garbage'), '')
  t.equal(parseIsoDate('2025-02-30'), null)
  t.equal(inDays(-1), '2025-03-09')
})

t.test('subscription state', async (t) => {
  t.same(subscriptionState(inDays(10), today), { overdue: false, daysLeft: 10, warn: false })
  t.same(subscriptionState(inDays(4), today), { overdue: false, daysLeft: 4, warn: true })
  t.same(subscriptionState(inDays(5), today), { overdue: false, daysLeft: 5, warn: false })
  t.same(subscriptionState(inDays(0), today), { overdue: false, daysLeft: 0, warn: true })
  t.same(subscriptionState(inDays(-1), today), { overdue: true, daysLeft: -1, warn: false })
  t.same(subscriptionState(null, today), { overdue: false, daysLeft: null, warn: false })
})

t.test('landing after login', async (t) => {
  const overdue = { super: false, company: { dueDate: inDays(-2) } }
  t.same(landingAfterLogin(overdue, true, today), { path: '/financeiro', expired: true })
  t.same(landingAfterLogin(overdue, false, today), { path: '/', expired: true })
  t.same(landingAfterLogin({ ...overdue, super: true }, true, today), { path: '/', expired: false })
  t.same(landingAfterLogin({ super: false, company: { dueDate: inDays(0) } }, true, today), { path: '/', expired: false })
  t.same(landingAfterLogin({ super: false, company: { dueDate: null } }, true, today), { path: '/', expired: false })
})

t.test('company row colour by days to due date', async (t) => {
  const tone = (n: number) => dueDateRowTone(inDays(n), today)
  t.equal(tone(6), null)
  t.equal(tone(5), 'soon')
  t.equal(tone(4), 'due')
  t.equal(tone(0), 'due')
  t.equal(tone(-3), 'due')
  t.equal(tone(-4), 'expired')
  t.equal(tone(-5), null)
  t.equal(dueDateRowTone(null, today), null)
})
