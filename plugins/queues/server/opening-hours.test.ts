import t from 'tap'
import { isOpen, localClock, toMinutes, type ScheduleEntry } from './opening-hours.ts'
import { specWeek } from './test-helpers.ts'

// 2026-11-23 is a Monday. America/Sao_Paulo is UTC-3 all year (no daylight saving since 2019).
const SP = 'America/Sao_Paulo'
const SPEC = specWeek()
const week = (entries: Record<string, [string, string]>): ScheduleEntry[] =>
  Object.entries(entries).map(([weekdayEn, [startTime, endTime]]) => ({ weekdayEn, startTime, endTime }))
/** A wall-clock time in São Paulo ('2026-11-23T08:00') as the instant it is. */
const sp = (local: string) => new Date(`${local}:00-03:00`)
const company = (companySchedules: ScheduleEntry[] | null, now: Date, timezone = SP) => isOpen({ scheduleType: 'company', companySchedules, timezone, now })

t.test('scheduleType disabled, unknown or missing: always open', async (t) => {
  const closedWeek = week({ monday: ['00:00', '00:00'] })
  for (const scheduleType of ['disabled', 'weekly', '', null, undefined]) {
    t.equal(isOpen({ scheduleType, companySchedules: closedWeek, queueSchedules: closedWeek, timezone: SP, now: sp('2026-11-23T03:00') }), true, `${scheduleType}`)
  }
})

t.test('the spec\'s default week: edges are start inclusive, end exclusive', async (t) => {
  const cases: Array<[string, boolean]> = [
    ['2026-11-23T07:59', false], ['2026-11-23T08:00', true], ['2026-11-23T12:30', true], ['2026-11-23T17:59', true],
    ['2026-11-23T18:00', false], ['2026-11-23T23:59', false], ['2026-11-27T17:59', true], // Friday
    ['2026-11-28T07:59', false], ['2026-11-28T08:00', true], ['2026-11-28T11:59', true], ['2026-11-28T12:00', false], // Saturday
    ['2026-11-29T00:00', false], ['2026-11-29T10:00', false], ['2026-11-29T23:59', false], // Sunday 00:00-00:00: closed
  ]
  for (const [local, open] of cases) t.equal(company(SPEC, sp(local)), open, `${local} ${open ? 'open' : 'closed'}`)
  t.equal(company(SPEC, new Date(sp('2026-11-23T17:59').getTime() + 59_999)), true, '17:59:59.999 is still open')
})

t.test('scheduleType queue reads the queue\'s week, company reads the company\'s', async (t) => {
  const now = sp('2026-11-23T20:00')
  const late = week({ monday: ['19:00', '23:00'] })
  t.equal(isOpen({ scheduleType: 'queue', companySchedules: SPEC, queueSchedules: late, timezone: SP, now }), true)
  t.equal(isOpen({ scheduleType: 'company', companySchedules: SPEC, queueSchedules: late, timezone: SP, now }), false)
  t.equal(isOpen({ scheduleType: 'queue', companySchedules: SPEC, queueSchedules: undefined, timezone: SP, now }), true, 'no queue yet: nothing to check')
  t.equal(isOpen({ scheduleType: 'queue', companySchedules: SPEC, queueSchedules: null, timezone: SP, now }), true, 'a queue without schedules')
})

t.test('a week never configured is open; in a configured week an empty or missing day is closed', async (t) => {
  const now = sp('2026-11-23T10:00')
  t.equal(company(null, now), true, 'null')
  t.equal(company([], now), true, '[]')
  t.equal(company(week({ monday: ['', ''], tuesday: ['', ''], sunday: ['', ''] }), now), true, 'only empty rows (an untouched settings form)')
  t.equal(company(week({ monday: ['08:00', ''], tuesday: ['', '18:00'] }), now), true, 'half-filled rows are not a configuration')
  const partial = week({ monday: ['', ''], tuesday: ['08:00', '18:00'] })
  t.equal(company(partial, now), false, 'Monday empty while Tuesday is set: closed Monday')
  t.equal(company(partial, sp('2026-11-24T10:00')), true, 'Tuesday open')
  t.equal(company(partial, sp('2026-11-25T10:00')), false, 'Wednesday missing: closed')
  t.equal(company(week({ monday: ['08:00', ''], tuesday: ['08:00', '18:00'] }), now), false, 'Monday with only a start: closed')
  t.equal(company(week({ monday: ['99:99', '18:00'], tuesday: ['08:00', '18:00'] }), now), false, 'garbage stored times count as empty')
})

t.test('start equal to end is closed all day, whatever the time', async (t) => {
  for (const time of ['00:00', '09:00', '23:59']) {
    const w = week({ monday: [time, time] })
    for (const local of ['00:00', time, '12:00', '23:59']) t.equal(company(w, sp(`2026-11-23T${local}`)), false, `${time}-${time} at ${local}`)
  }
})

t.test('midnight: 23:59 means until midnight; 00:00-23:59 is the whole day; end 00:00 also ends at midnight', async (t) => {
  const untilMidnight = week({ monday: ['20:00', '23:59'] })
  t.equal(company(untilMidnight, new Date(sp('2026-11-23T23:59').getTime() + 30_000)), true, '23:59:30')
  t.equal(company(untilMidnight, sp('2026-11-24T00:00')), false, 'Tuesday 00:00 is Tuesday')
  const allDay = week({ monday: ['00:00', '23:59'] })
  for (const local of ['00:00', '12:00', '23:59']) t.equal(company(allDay, sp(`2026-11-23T${local}`)), true, `all day at ${local}`)
  t.equal(company(allDay, sp('2026-11-22T23:59')), false, 'Sunday before it is closed')
  const endZero = week({ monday: ['08:00', '00:00'] })
  t.equal(company(endZero, sp('2026-11-23T23:59')), true, '08:00-00:00 at 23:59')
  t.equal(company(endZero, sp('2026-11-24T00:00')), false, '08:00-00:00 is over at midnight')
  t.equal(company(endZero, sp('2026-11-23T07:59')), false)
})

t.test('a shift crossing midnight belongs to the day it starts', async (t) => {
  const nights = week({ friday: ['22:00', '06:00'], saturday: ['08:00', '12:00'] })
  t.equal(company(nights, sp('2026-11-27T21:59')), false, 'Friday 21:59')
  t.equal(company(nights, sp('2026-11-27T22:00')), true, 'Friday 22:00')
  t.equal(company(nights, sp('2026-11-28T00:00')), true, 'Saturday 00:00, still Friday\'s shift')
  t.equal(company(nights, sp('2026-11-28T05:59')), true, 'Saturday 05:59')
  t.equal(company(nights, sp('2026-11-28T06:00')), false, 'Saturday 06:00: over')
  t.equal(company(nights, sp('2026-11-28T08:00')), true, 'Saturday\'s own hours')
  t.equal(company(nights, sp('2026-11-27T03:00')), false, 'Friday 03:00: Thursday had no night shift')
  const sundayNight = week({ sunday: ['20:00', '02:00'] })
  t.equal(company(sundayNight, sp('2026-11-23T01:59')), true, 'Sunday\'s shift reaches into Monday (the week wraps)')
  t.equal(company(sundayNight, sp('2026-11-23T02:00')), false)
  const closedNext = week({ monday: ['22:00', '06:00'], tuesday: ['00:00', '00:00'] })
  t.equal(company(closedNext, sp('2026-11-24T05:00')), true, 'a closed Tuesday does not cut Monday\'s night short')
})

t.test('evaluated in the company\'s timezone', async (t) => {
  const instant = new Date('2026-11-23T20:00:00Z')
  t.equal(company(SPEC, instant, SP), true, '17:00 in São Paulo')
  t.equal(company(SPEC, instant, 'UTC'), false, '20:00 in UTC')
  const sundayNightSp = new Date('2026-11-23T01:00:00Z')
  t.equal(company(SPEC, sundayNightSp, SP), false, 'Sunday 22:00 in São Paulo')
  t.equal(company(SPEC, sundayNightSp, 'Asia/Tokyo'), true, 'already Monday 10:00 in Tokyo')
  t.equal(company(SPEC, new Date('2026-11-23T02:29:00Z'), 'Asia/Kolkata'), false, '07:59 at +05:30')
  t.equal(company(SPEC, new Date('2026-11-23T02:30:00Z'), 'Asia/Kolkata'), true, '08:00 at +05:30')
  t.equal(company(SPEC, new Date('2026-11-23T02:15:00Z'), 'Asia/Kathmandu'), true, '08:00 at +05:45')
  t.equal(company(SPEC, new Date('2026-11-23T11:00:00Z'), 'Not/AZone'), true, 'an unknown zone falls back to UTC (11:00)')
  t.equal(company(SPEC, new Date('2026-11-23T07:00:00Z'), 'Not/AZone'), false, '07:00 UTC')
})

t.test('São Paulo keeps UTC-3 in its old summer-time months; New York moves with its daylight saving', async (t) => {
  // Brazil dropped daylight saving in 2019: January 2027 is still UTC-3.
  t.equal(company(SPEC, new Date('2027-01-04T10:59:00Z'), SP), false, 'Monday 07:59')
  t.equal(company(SPEC, new Date('2027-01-04T11:00:00Z'), SP), true, 'Monday 08:00')
  const NY = 'America/New_York'
  t.equal(company(SPEC, new Date('2026-03-06T13:00:00Z'), NY), true, 'Friday before the change: 08:00 EST is 13:00Z')
  t.equal(company(SPEC, new Date('2026-03-06T12:30:00Z'), NY), false, '07:30 EST')
  t.equal(company(SPEC, new Date('2026-03-09T12:00:00Z'), NY), true, 'Monday after the change: 08:00 EDT is 12:00Z')
  t.equal(company(SPEC, new Date('2026-03-09T11:59:00Z'), NY), false, '07:59 EDT')
})

t.test('localClock and toMinutes', async (t) => {
  t.same(localClock(new Date('2026-11-23T03:00:00Z'), SP), { day: 'monday', minutes: 0 }, 'midnight is minute 0, never 24:00')
  t.same(localClock(new Date('2026-11-23T02:59:00Z'), SP), { day: 'sunday', minutes: 23 * 60 + 59 })
  t.equal(toMinutes('00:00'), 0)
  t.equal(toMinutes('23:59'), 1439)
  for (const bad of ['24:00', '8:00', '', '12:60', 'noon', null, undefined]) t.equal(toMinutes(bad), null, `${bad}`)
})
