/**
 * Calendar arithmetic in a company's timezone. Days typed by the user (yyyy-mm-dd) are days on the company's clock,
 * and the per-day / per-hour chart buckets are too: a ticket at 22:30 in São Paulo belongs to that evening, not to
 * the next UTC day.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    formatters.set(timezone, f)
  }
  return f
}

/** A timezone Intl knows, else UTC (a company row with a bad value must not turn every dashboard call into a 500). */
export function safeTimezone(timezone: string | null | undefined): string {
  if (!timezone) return 'UTC'
  try {
    formatter(timezone)
    return timezone
  } catch {
    return 'UTC'
  }
}

export interface LocalParts { day: string; hour: string }

function parts(ms: number, timezone: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const p of formatter(timezone).formatToParts(new Date(ms))) out[p.type] = p.value
  return out
}

/** The local day (yyyy-mm-dd) and hour (HH) of an instant. */
export function localParts(ms: number, timezone: string): LocalParts {
  const p = parts(ms, timezone)
  return { day: `${p.year}-${p.month}-${p.day}`, hour: p.hour }
}

/** Local time minus UTC at an instant, in ms (São Paulo: -3 h). */
export function offsetAt(ms: number, timezone: string): number {
  const p = parts(ms, timezone)
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second))
  return asUtc - Math.floor(ms / 1000) * 1000
}

/** The instant a local day starts (midnight, or the first moment after a DST gap at midnight). */
export function dayStart(day: string, timezone: string): Date {
  const [y, m, d] = day.split('-').map(Number)
  const wall = Date.UTC(y, m - 1, d)
  let ms = wall - offsetAt(wall, timezone)
  // The offset at the guess can differ from the offset at the answer across a DST change: correct once.
  const again = wall - offsetAt(ms, timezone)
  if (again !== ms && localParts(again, timezone).day === day) ms = again
  return new Date(ms)
}

/** yyyy-mm-dd plus n days (calendar arithmetic, no timezone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/**
 * True for a real calendar day between 1900 and 2999: the date arithmetic above (Date.UTC maps years below 100 to
 * the 1900s) and the yyyy-mm-dd keys of the buckets both hold there.
 */
export function isCalendarDay(day: string): boolean {
  return /^(19|2\d)\d\d-\d\d-\d\d$/.test(day) && addDays(day, 0) === day
}
