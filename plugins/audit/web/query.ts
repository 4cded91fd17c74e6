import type { Filters } from './types.ts'

/**
 * The filters as the API's query: empty ones left out, local days turned into the moments they start and end
 * (the server reads ISO moments, so "today" means the user's today, not UTC's).
 */
export function queryOf(f: Filters): Record<string, string | number | undefined> {
  const day = (d: string, end: boolean) => (d ? new Date(`${d}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined)
  return {
    search: f.search.trim() || undefined,
    userId: f.userId ? Number(f.userId) : undefined,
    kind: f.kind || undefined,
    action: f.action || undefined,
    from: day(f.from, false),
    to: day(f.to, true),
    companyId: f.companyId ? Number(f.companyId) : undefined,
  }
}

/** A value of a change as the dialog shows it: text as is, the rest as compact JSON; absent is null. */
export function shown(value: unknown, present: boolean): string | null {
  if (!present) return null
  if (value === null) return '∅'
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}
