/** The dashboard's filter (spec: by date or by period of 3/7/15/30/60/90 days) and the calls it makes. */

export const PERIODS = [3, 7, 15, 30, 60, 90] as const

export type Filter =
  | { type: 'date'; dateFrom: string; dateTo: string }
  | { type: 'period'; days: number }

const pad = (n: number) => String(n).padStart(2, '0')

/** yyyy-MM-dd of a local date. */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export function shiftDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return isoDay(new Date(y, m - 1, d + n))
}

/** The original product opened on the current month: from its first day to today. */
export function defaultDates(today = new Date()): { dateFrom: string; dateTo: string } {
  return { dateFrom: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), dateTo: isoDay(today) }
}

/** Query of GET /dashboard, or null when the filter says nothing ('Parametrize o filtro'). */
export function dashboardQuery(f: Filter): Record<string, string | number> | null {
  if (f.type === 'period') return f.days > 0 ? { days: f.days } : null
  if (!f.dateFrom && !f.dateTo) return null
  return { ...(f.dateFrom ? { date_from: f.dateFrom } : {}), ...(f.dateTo ? { date_to: f.dateTo } : {}) }
}

/**
 * The charts' days (both included) for a filter: a period is its last N calendar days up to today; a date filter
 * missing one end borrows the other end (or today).
 */
export function chartDays(f: Filter, today = isoDay(new Date())): { initialDate: string; finalDate: string } | null {
  if (f.type === 'period') return f.days > 0 ? { initialDate: shiftDay(today, 1 - f.days), finalDate: today } : null
  if (!f.dateFrom && !f.dateTo) return null
  const initialDate = f.dateFrom || f.dateTo
  const finalDate = f.dateTo || (f.dateFrom > today ? f.dateFrom : today)
  return { initialDate, finalDate }
}

/** True when the days can be sent: both real dates, in order (the date inputs let anything through while typing). */
export function validDays(d: { initialDate: string; finalDate: string }): boolean {
  const ok = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && shiftDay(s, 0) === s
  return ok(d.initialDate) && ok(d.finalDate) && d.initialDate <= d.finalDate
}
