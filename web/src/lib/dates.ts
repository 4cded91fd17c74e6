/** Calendar-date helpers on 'yyyy-mm-dd' strings, free of time-zone drift. */

export function toIsoDate(d: Date): string {
  const y = d.getFullYear()
  const m = String(d.getMonth() + 1).padStart(2, '0')
  const day = String(d.getDate()).padStart(2, '0')
  return `${y}-${m}-${day}`
}

export function addDays(d: Date, days: number): Date {
  const copy = new Date(d.getFullYear(), d.getMonth(), d.getDate())
  copy.setDate(copy.getDate() + days)
  return copy
}

/** Parses 'yyyy-mm-dd' (or an ISO timestamp, by its date part) to local midnight; null when invalid. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  if (!value) return null
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!m) return null
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Number.isNaN(d.getTime()) || d.getMonth() !== Number(m[2]) - 1 ? null : d
}

/** dd/MM/yyyy, the spec's date format. */
export function formatDate(value: string | null | undefined): string {
  const d = parseIsoDate(value)
  if (!d) return ''
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`
}

/** HH:mm of a timestamp (a retry later today). */
export function formatTime(value: string | number | Date | null | undefined): string {
  return formatDateTime(value).slice(11)
}

/** dd/MM/yyyy HH:mm for timestamps. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return ''
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  const p = (n: number) => String(n).padStart(2, '0')
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`
}

/** Whole calendar days from `today` to `dueDate` (negative once past); null without a due date. */
export function daysUntil(dueDate: string | null | undefined, today: Date = new Date()): number | null {
  const due = parseIsoDate(dueDate)
  if (!due) return null
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate())
  return Math.round((due.getTime() - start.getTime()) / 86_400_000)
}
