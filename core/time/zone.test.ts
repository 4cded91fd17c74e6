import t from 'tap'
import { addDays, dayStart, isCalendarDay, localParts, offsetAt, safeTimezone } from './zone.ts'

t.test('local midnights and offsets', async (t) => {
  t.equal(dayStart('2030-03-10', 'America/Sao_Paulo').toISOString(), '2030-03-10T03:00:00.000Z')
  t.equal(dayStart('2030-03-10', 'Asia/Kolkata').toISOString(), '2030-03-09T18:30:00.000Z')
  t.equal(dayStart('2030-03-10', 'UTC').toISOString(), '2030-03-10T00:00:00.000Z')
  t.equal(dayStart('2030-04-01', 'Europe/Lisbon').toISOString(), '2030-03-31T23:00:00.000Z', 'summer time')
  t.equal(dayStart('2030-03-31', 'Europe/Lisbon').toISOString(), '2030-03-31T00:00:00.000Z', 'the day the clocks change')
  t.equal(dayStart('2030-11-03', 'America/New_York').toISOString(), '2030-11-03T04:00:00.000Z', 'a 25-hour day starts in summer time')
  t.equal(offsetAt(Date.parse('2030-03-10T12:00:00Z'), 'America/Sao_Paulo'), -3 * 3_600_000)
  t.same(localParts(Date.parse('2030-03-12T02:59:00Z'), 'America/Sao_Paulo'), { day: '2030-03-11', hour: '23' })
  t.same(localParts(Date.parse('2030-03-12T03:00:00Z'), 'America/Sao_Paulo'), { day: '2030-03-12', hour: '00' })
})

t.test('calendar days and timezones', async (t) => {
  t.equal(addDays('2030-02-28', 1), '2030-03-01')
  t.equal(addDays('2032-02-28', 1), '2032-02-29')
  t.equal(addDays('2030-12-31', 1), '2031-01-01')
  t.ok(isCalendarDay('2032-02-29'))
  for (const bad of ['2030-02-29', '2030-13-01', '2030-00-10', '0050-01-01', '1899-12-31', '3000-01-01', '2030-1-1', '']) t.notOk(isCalendarDay(bad), bad)
  t.equal(safeTimezone('America/Manaus'), 'America/Manaus')
  t.equal(safeTimezone('Not/AZone'), 'UTC')
  t.equal(safeTimezone(null), 'UTC')
})
