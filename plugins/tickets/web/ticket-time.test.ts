import t from 'tap'
import { formatTicketTime } from './ticket-time.ts'

t.test('today shows HH:mm, other days dd/MM/yyyy, in the viewer\'s local time', async (t) => {
  const now = new Date(2026, 4, 7, 18, 30)
  t.equal(formatTicketTime(new Date(2026, 4, 7, 9, 5), now), '09:05')
  t.equal(formatTicketTime(new Date(2026, 4, 7, 0, 0), now), '00:00', 'midnight is still today')
  t.equal(formatTicketTime(new Date(2026, 4, 6, 23, 59), now), '06/05/2026', 'yesterday late evening')
  t.equal(formatTicketTime(new Date(2025, 4, 7, 9, 5), now), '07/05/2025', 'same day a year before')
  t.equal(formatTicketTime(new Date(2026, 4, 7, 9, 5).toISOString(), now), '09:05', 'ISO strings from the API')
  t.equal(formatTicketTime(new Date(2026, 4, 7, 9, 5).getTime(), now), '09:05', 'epoch milliseconds')
})

t.test('missing or invalid values show nothing', async (t) => {
  t.equal(formatTicketTime(null), '')
  t.equal(formatTicketTime(undefined), '')
  t.equal(formatTicketTime(''), '')
  t.equal(formatTicketTime('not a date'), '')
})
