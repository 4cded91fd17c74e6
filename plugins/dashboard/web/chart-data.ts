import { shiftDay } from './filters.ts'

export interface DayPoint { data?: string; horario?: string; total: number }

/** Longest range whose empty days are drawn as zero bars; longer ones show only the days with tickets. */
export const MAX_FILLED_DAYS = 366

/**
 * The bars of the tickets-per-day chart: every hour of a one-day range, every day of a longer one (up to a year),
 * zero where the server sent nothing, so quiet days show as gaps instead of vanishing.
 */
export function fillDays(points: DayPoint[], initialDate: string, finalDate: string): Array<{ key: string; total: number }> {
  if (initialDate === finalDate) {
    const byHour = new Map(points.filter((p) => p.horario).map((p) => [p.horario!, p.total]))
    return Array.from({ length: 24 }, (_, h) => {
      const key = String(h).padStart(2, '0')
      return { key, total: byHour.get(key) ?? 0 }
    })
  }
  const byDay = new Map(points.filter((p) => p.data).map((p) => [p.data!, p.total]))
  if (daysIn(initialDate, finalDate) > MAX_FILLED_DAYS) return [...byDay].map(([key, total]) => ({ key, total }))
  const out: Array<{ key: string; total: number }> = []
  for (let day = initialDate; day <= finalDate; day = shiftDay(day, 1)) out.push({ key: day, total: byDay.get(day) ?? 0 })
  return out
}

/** Days from one yyyy-MM-dd to another, both included. */
function daysIn(from: string, to: string): number {
  const utc = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)))
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1
}
