/** How the dashboard writes its numbers. */

/** Minutes as the cards show them: '45min', '2h 05min', '0min'; null (no data) as a dash. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return '—'
  const total = Math.max(0, Math.round(minutes))
  const h = Math.floor(total / 60)
  const m = total % 60
  return h ? `${h}h ${String(m).padStart(2, '0')}min` : `${m}min`
}

/** Spec: ratings go from 1 to 3. */
export const RATING_LABELS = { 1: 'unsatisfied', 2: 'satisfied', 3: 'verySatisfied' } as const

/** The label key of an average rating (its nearest step on the 1-3 scale), null without ratings. */
export function ratingStep(rating: number | null | undefined): 1 | 2 | 3 | null {
  if (rating == null || !Number.isFinite(rating)) return null
  return Math.min(3, Math.max(1, Math.round(rating))) as 1 | 2 | 3
}

/** An average rating with at most one decimal, in the language's own way ('2,3' in Portuguese). */
export function formatRating(rating: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(rating)
}

/** dd/MM of a yyyy-MM-dd day (the spec's date format without the year, for chart axes). */
export function dayLabel(day: string): string {
  const [, m, d] = day.split('-')
  return `${d}/${m}`
}
