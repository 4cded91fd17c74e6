/** Date arithmetic of the month calendar, in the browser's zone (where the user reads the times). */

/** A day's key, 'YYYY-MM-DD' in the browser's zone. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

export const startOfMonth = (date: Date): Date => new Date(date.getFullYear(), date.getMonth(), 1)
export const addMonths = (month: Date, n: number): Date => new Date(month.getFullYear(), month.getMonth() + n, 1)

/** The 6 weeks shown for a month, Sunday first (as calendars in Brazil start the week): 42 days. */
export function monthGrid(month: Date): Date[] {
  const first = startOfMonth(month)
  const start = new Date(first.getFullYear(), first.getMonth(), 1 - first.getDay())
  return Array.from({ length: 42 }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i))
}

/** The window the grid shows, as the list's from/to (to is exclusive). */
export function gridWindow(month: Date): { from: Date; to: Date } {
  const days = monthGrid(month)
  const last = days[days.length - 1]
  return { from: days[0], to: new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1) }
}

/** Items by the day of their time, each day's in time order. */
export function byDay<T>(items: T[], at: (item: T) => string): Map<string, T[]> {
  const days = new Map<string, T[]>()
  for (const item of [...items].sort((a, b) => new Date(at(a)).getTime() - new Date(at(b)).getTime())) {
    const key = dayKey(new Date(at(item)))
    days.set(key, [...(days.get(key) ?? []), item])
  }
  return days
}

/** The Intl locale of an interface language. */
export const localeOf = (lng: string): string => (lng.startsWith('en') ? 'en-US' : lng.startsWith('es') ? 'es' : 'pt-BR')

/** Weekday names, Sunday first, short ('dom.', 'Sun', 'dom'). */
export function weekdayNames(lng: string): string[] {
  const f = new Intl.DateTimeFormat(localeOf(lng), { weekday: 'short' })
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(2026, 10, 1 + i)))
}

export function monthTitle(month: Date, lng: string): string {
  const text = new Intl.DateTimeFormat(localeOf(lng), { month: 'long', year: 'numeric' }).format(month)
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function timeOf(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(localeOf(lng), { hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso))
}

export function longDay(key: string, lng: string): string {
  const [y, m, d] = key.split('-').map(Number)
  const text = new Intl.DateTimeFormat(localeOf(lng), { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(y, m - 1, d))
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** The day `n` days after a day key. */
export function addDays(key: string, n: number): string {
  const [y, m, d] = key.split('-').map(Number)
  return dayKey(new Date(y, m - 1, d + n))
}

/** The seven day keys of the week (Sunday first) holding a day. */
export function weekOf(key: string): string[] {
  const [y, m, d] = key.split('-').map(Number)
  const sunday = new Date(y, m - 1, d - new Date(y, m - 1, d).getDay())
  return Array.from({ length: 7 }, (_, i) => dayKey(new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + i)))
}

/** The month a day key falls in, as the calendar's month. */
export function monthOf(key: string): Date {
  const [y, m] = key.split('-').map(Number)
  return new Date(y, m - 1, 1)
}

/** A week's title: its first and last day ('1 – 7 de nov.'). */
export function weekTitle(days: string[], lng: string): string {
  const at = (key: string) => { const [y, m, d] = key.split('-').map(Number); return new Date(y, m - 1, d) }
  return new Intl.DateTimeFormat(localeOf(lng), { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(at(days[0]), at(days[6]))
}
