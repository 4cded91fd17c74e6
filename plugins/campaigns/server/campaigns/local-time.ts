const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone)
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    } catch {
      f = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    }
    formatters.set(timezone, f)
  }
  return f
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timezone: string): number {
  const parts = Object.fromEntries(formatterFor(timezone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]))
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second))
  return wall - Math.floor(instant / 1000) * 1000
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/

/**
 * The instant a scheduled time names. The web sends the spec's 'YYYY-MM-DD HH:mm:ss' without a zone: it is the
 * company's wall clock. A time with a zone (ISO with Z or an offset) is taken as it is. Null when it is no time.
 */
export function instantOf(text: string, timezone: string): Date | null {
  const m = LOCAL.exec(text.trim())
  if (!m) {
    if (!/[zZ]$|[+-]\d\d:?\d\d$/.test(text.trim())) return null
    const t = Date.parse(text)
    return Number.isNaN(t) ? null : new Date(t)
  }
  const [, y, mo, d, h, mi, s] = m.map(Number)
  const wall = Date.UTC(y, mo - 1, d, h, mi, s || 0)
  if (new Date(wall).getUTCDate() !== d || h > 23 || mi > 59) return null
  // Twice: the first guess may sit on the other side of a daylight-saving change than the answer.
  let instant = wall - offsetAt(wall, timezone)
  instant = wall - offsetAt(instant, timezone)
  return new Date(instant)
}
