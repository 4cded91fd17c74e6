import type { FastifyInstance } from 'fastify'
import { AppError, addDays, billingCompanies, dayStart, isCalendarDay, type AuthContext } from '@zapdesk/plugin-api'
import { AuditEntry } from './models.ts'
import type { AuditFilterInput } from './serialize.ts'

export const PAGE_SIZE = 20

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** An ISO day or moment as a Date; a bare day means its start (from) or its last instant (to) on the caller's company's clock. */
function moment(value: string, end: boolean, timezone: string): Date {
  if (DAY.test(value)) {
    // Date rolls 2026-02-31 over to March: a day that does not exist is refused, not moved.
    if (!isCalendarDay(value)) throw new AppError('ERR_AUDIT_BAD_DATE', 400)
    return end ? new Date(dayStart(addDays(value, 1), timezone).getTime() - 1) : dayStart(value, timezone)
  }
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) throw new AppError('ERR_AUDIT_BAD_DATE', 400)
  return d
}

/** The filters' company and dates checked (403 for another company's, 400 for a bad date or range), the dates parsed. */
function bounds(auth: AuthContext, f: AuditFilterInput): { from: Date | null; to: Date | null } {
  if (f.companyId !== undefined && !auth.super && f.companyId !== auth.companyId) throw new AppError('ERR_NO_PERMISSION', 403)
  const from = f.from ? moment(f.from, false, auth.timezone) : null
  const to = f.to ? moment(f.to, true, auth.timezone) : null
  if (from && to && from > to) throw new AppError('ERR_AUDIT_BAD_RANGE', 400)
  return { from, to }
}

/**
 * Refuses filters naming what the caller may not read before any row is: an admin's `userId` must appear in the
 * company's own log (the "who" filter offers exactly those), so another company's user is a 404, never an empty
 * page that would confirm the id exists somewhere.
 */
export async function checkFilters(app: FastifyInstance, auth: AuthContext, f: AuditFilterInput): Promise<void> {
  bounds(auth, f)
  if (f.userId === undefined || auth.super) return
  const seen = await app.bind(AuditEntry).query().forCompany(auth.companyId).where('userId', f.userId).select('id').first()
  if (!seen) throw new AppError('ERR_AUDIT_NO_USER', 404)
}

/**
 * The entries a caller may read with the filters applied: an admin's own company only (asking for another
 * company is refused, not ignored, so a wrong screen never shows an empty log as if nothing happened), a super
 * user's every company or the one named.
 */
export function scopedQuery(app: FastifyInstance, auth: AuthContext, f: AuditFilterInput) {
  const { from, to } = bounds(auth, f)
  const base = app.bind(AuditEntry).query()
  const q = auth.super ? (f.companyId !== undefined ? base.forCompany(f.companyId) : base.unscoped()) : base.forCompany(auth.companyId)
  if (f.userId !== undefined) q.where('userId', f.userId)
  if (f.kind) q.where('kind', f.kind)
  if (f.action) q.where('action', f.action)
  if (from) q.where('createdAt', '>=', from)
  if (to) q.where('createdAt', '<=', to)
  const term = f.search?.trim()
  if (term) {
    // Wildcards typed by the user match themselves; '!' escapes on both databases.
    const like = `%${term.replace(/[!%_]/g, '!$&')}%`
    q.where((w) => {
      for (const column of ['label', 'userName', 'route', 'resourceId', 'ip']) w.orWhereRaw("?? LIKE ? ESCAPE '!'", [column, like])
    })
  }
  return q
}

/** Company names for a super user's rows (the kernel's billing accounts service: no core table read here). */
export async function companyNames(app: FastifyInstance, auth: AuthContext, rows: AuditEntry[]): Promise<Map<number, string> | null> {
  if (!auth.super) return null
  const companies = await billingCompanies(app, rows.map((r) => r.companyId))
  return new Map([...companies].map(([id, c]) => [id, c.name]))
}
