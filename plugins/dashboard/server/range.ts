import { AppError, addDays, dayStart, isCalendarDay } from '@zapdesk/plugin-api'
import type { ActivityRange as Range } from '@zapdesk/tickets/public'

const DAY_MS = 86_400_000

/** The spec's 'Parametrize o filtro': none of days, date_from, date_to was given. */
export const FILTER_REQUIRED = 'ERR_DASHBOARD_FILTER_REQUIRED'

function checkDay(field: string, day: string | undefined): void {
  if (day !== undefined && !isCalendarDay(day)) throw new AppError('ERR_VALIDATION', 400, [{ field: `querystring/${field}`, message: 'must be a calendar day (yyyy-MM-dd)' }])
}

function checkOrder(fromField: string, from: string, to: string): void {
  if (from > to) throw new AppError('ERR_VALIDATION', 400, [{ field: `querystring/${fromField}`, message: 'must not be after the final date' }])
}

const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b)
const earlier = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a < b ? a : b)

/**
 * GET /dashboard's range: `days` is the last N×24 h up to now; date_from / date_to are whole days on the company's
 * clock (date_to inclusive). Given together they narrow each other, as the original product's filters did.
 */
export function dashboardRange(q: { days?: number; date_from?: string; date_to?: string }, timezone: string, now = new Date()): Range {
  const days = q.days ? q.days : undefined
  if (days === undefined && !q.date_from && !q.date_to) throw new AppError(FILTER_REQUIRED, 400, undefined, 'Parametrize o filtro')
  checkDay('date_from', q.date_from)
  checkDay('date_to', q.date_to)
  if (q.date_from && q.date_to) checkOrder('date_from', q.date_from, q.date_to)
  let range: Range = { from: null, to: null }
  if (days !== undefined) range = { from: new Date(now.getTime() - days * DAY_MS), to: now }
  if (q.date_from) range.from = later(range.from, dayStart(q.date_from, timezone))
  if (q.date_to) range.to = earlier(range.to, dayStart(addDays(q.date_to, 1), timezone))
  return range
}

/** The charts' range: initialDate to finalDate, whole days on the company's clock, both inclusive. */
export function chartRange(q: { initialDate: string; finalDate: string }, timezone: string): Range & { from: Date; to: Date; singleDay: boolean } {
  checkDay('initialDate', q.initialDate)
  checkDay('finalDate', q.finalDate)
  checkOrder('initialDate', q.initialDate, q.finalDate)
  return { from: dayStart(q.initialDate, timezone), to: dayStart(addDays(q.finalDate, 1), timezone), singleDay: q.initialDate === q.finalDate }
}
