/**
 * Opening hours: whether a company (or one of its queues) is open at an instant, in the company's timezone.
 * Pure and synchronous, so the tickets pipeline can call it for every inbound message without a query of its own.
 *
 * Rules (each one has a test in opening-hours.test.ts):
 * - scheduleType 'disabled' (or any unknown value): always open. 'company': the company's week. 'queue': the queue's
 *   week; without a queue (a ticket not routed yet) there is nothing to check, so open.
 * - A week with no day holding both times (null, [], or only empty rows as the settings form saves untouched days)
 *   was never configured: open, rather than answering every message with the out-of-hours text.
 * - A configured week: a missing day or a day with an empty time is closed all day.
 * - start == end (the spec's Sunday 00:00-00:00) is closed all day.
 * - start < end: open from start (inclusive) to end (exclusive), minute by minute.
 * - end 23:59 means "until midnight": open through 23:59:59 (nobody can type 24:00 in a time field).
 * - start > end crosses midnight (22:00-06:00): the shift belongs to the day it starts, so Monday 22:00-06:00 also
 *   opens Tuesday 00:00-05:59; end 00:00 is simply "until midnight".
 * - An unknown timezone falls back to UTC (companies validate theirs; this must never throw on the message path).
 */
export type ScheduleType = 'disabled' | 'company' | 'queue'

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export interface ScheduleEntry {
  weekday?: string
  weekdayEn: string
  startTime: string
  endTime: string
}

export interface OpeningHoursInput {
  scheduleType: ScheduleType | string | null | undefined
  companySchedules?: ScheduleEntry[] | null
  queueSchedules?: ScheduleEntry[] | null
  timezone: string
  /** Defaults to the current time. */
  now?: Date
}

const DAY_MINUTES = 24 * 60
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone)
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    } catch {
      f = formatterFor('UTC')
    }
    formatters.set(timezone, f)
  }
  return f
}

/** The weekday and minute of the day that a wall clock in `timezone` shows at `now`. */
export function localClock(now: Date, timezone: string): { day: Weekday; minutes: number } {
  const parts = formatterFor(timezone).formatToParts(now)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  // Some engines still print midnight as 24 with h23 in older ICU data; modulo keeps it 0.
  const hour = Number(get('hour')) % 24
  return { day: get('weekday').toLowerCase() as Weekday, minutes: hour * 60 + Number(get('minute')) }
}

/** 'HH:MM' to minutes since midnight; anything else is null. */
export function toMinutes(time: string | null | undefined): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time ?? '')
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

interface Span { start: number; end: number }

/** A day's opening span in minutes (end may pass 1440 when it crosses midnight); null when closed all day. */
function spanOf(entry: ScheduleEntry | undefined): Span | null {
  const start = toMinutes(entry?.startTime)
  let end = toMinutes(entry?.endTime)
  if (start === null || end === null || start === end) return null
  if (end === DAY_MINUTES - 1) end = DAY_MINUTES
  return { start, end: end < start ? end + DAY_MINUTES : end }
}

/** Whether a week has any hours saved (a week without any is always open). */
export const hasHours = (week: ScheduleEntry[] | null | undefined): week is ScheduleEntry[] =>
  Array.isArray(week) && week.some((e) => toMinutes(e?.startTime) !== null && toMinutes(e?.endTime) !== null)

/** Whether a week of schedules is open at a local weekday and minute. */
export function weekIsOpen(week: ScheduleEntry[] | null | undefined, day: Weekday, minutes: number): boolean {
  if (!hasHours(week)) return true
  const entry = (d: Weekday) => week.find((e) => e?.weekdayEn?.toLowerCase() === d)
  const today = spanOf(entry(day))
  if (today && minutes >= today.start && minutes < today.end) return true
  const yesterday = spanOf(entry(WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7]))
  return !!yesterday && yesterday.end > DAY_MINUTES && minutes < yesterday.end - DAY_MINUTES
}

export function isOpen({ scheduleType, companySchedules, queueSchedules, timezone, now = new Date() }: OpeningHoursInput): boolean {
  if (scheduleType !== 'company' && scheduleType !== 'queue') return true
  const week = scheduleType === 'company' ? companySchedules : queueSchedules
  const { day, minutes } = localClock(now, timezone)
  return weekIsOpen(week, day, minutes)
}
