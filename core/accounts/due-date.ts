/** Months each recurrence adds to a due date. */
export const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const
export type Recurrence = keyof typeof RECURRENCE_MONTHS

/** Adds months to a yyyy-mm-dd date, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const target = new Date(Date.UTC(y, m - 1 + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(d, lastDay))
  return target.toISOString().slice(0, 10)
}

export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`)
  t.setUTCDate(t.getUTCDate() + days)
  return t.toISOString().slice(0, 10)
}

/** The next due date after one recurrence period; a missing or past date counts from today. */
export function addPeriod(dueDate: string | null, recurrence: Recurrence, today: string): string {
  const from = dueDate && dueDate > today ? dueDate : today
  return addMonths(from, RECURRENCE_MONTHS[recurrence])
}
