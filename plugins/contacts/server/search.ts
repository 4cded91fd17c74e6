import type { FastifyInstance } from 'fastify'
import { addDays, dayStart, type TenantQueryBuilder } from '@zapdesk/plugin-api'
import type { Contact } from './models.ts'
import { searchKey } from './normalize.ts'

export interface ContactFilters {
  searchParam?: string
  /** yyyy-mm-dd: contacts created that day; days are the company's (`timezone`). */
  date?: string
  dateStart?: string
  dateEnd?: string
  /** The company's time zone (the caller's auth.timezone). */
  timezone: string
}

const dayAfter = (day: string, timezone: string) => dayStart(addDays(day, 1), timezone)

/**
 * A prefix match that an index can serve on both databases. MySQL range-scans `LIKE 'x%'`; SQLite only does so
 * for LIKE on NOCASE indexes, but it does for GLOB on the default BINARY collation, and the search columns hold
 * lowercase text already. Wildcards typed by the user are escaped, so they match themselves.
 */
export function whereStartsWith(app: FastifyInstance, q: TenantQueryBuilder<Contact>, column: string, prefix: string): void {
  if (app.dialect === 'sqlite') q.whereRaw('?? GLOB ?', [column, `${prefix.replace(/[*?[]/g, '[$&]')}*`])
  else q.whereRaw("?? LIKE ? ESCAPE '!'", [column, `${prefix.replace(/[!%_]/g, '!$&')}%`])
}

/**
 * A name matches when any of its words starts with the term ("silva" finds "João Silva"). The first-word branch
 * uses the index; later words scan only the company's own rows (the company_id index bounds it).
 */
function whereAnyWordStartsWith(app: FastifyInstance, q: TenantQueryBuilder<Contact>, column: string, prefix: string): void {
  q.where((w) => {
    whereStartsWith(app, w as TenantQueryBuilder<Contact>, column, prefix)
    if (app.dialect === 'sqlite') w.orWhereRaw('?? GLOB ?', [column, `* ${prefix.replace(/[*?[]/g, '[$&]')}*`])
    else w.orWhereRaw("?? LIKE ? ESCAPE '!'", [column, `% ${prefix.replace(/[!%_]/g, '!$&')}%`])
  })
}

/**
 * Narrows a company's contacts by the list filters. The term is a name prefix (accents and case ignored, through
 * the `name_search` column) or, when it looks like a phone number, a number prefix: both served by the
 * (company_id, name_search) and (company_id, number) indexes instead of a LIKE '%x%' scan of every row.
 * Returns the column the answer should be ordered by so the same index also gives the order.
 */
export function applyContactFilters(app: FastifyInstance, q: TenantQueryBuilder<Contact>, f: ContactFilters): 'nameSearch' | 'number' {
  let order: 'nameSearch' | 'number' = 'nameSearch'
  const term = f.searchParam?.trim() ?? ''
  if (term) {
    const digits = term.replace(/\D/g, '')
    if (/^[\d\s()+.-]+$/.test(term) && digits) {
      whereStartsWith(app, q, 'contacts.number', digits)
      order = 'number'
    } else {
      whereAnyWordStartsWith(app, q, 'contacts.nameSearch', searchKey(term))
    }
  }
  if (f.date) q.where('contacts.createdAt', '>=', dayStart(f.date, f.timezone)).where('contacts.createdAt', '<', dayAfter(f.date, f.timezone))
  if (f.dateStart) q.where('contacts.createdAt', '>=', dayStart(f.dateStart, f.timezone))
  if (f.dateEnd) q.where('contacts.createdAt', '<', dayAfter(f.dateEnd, f.timezone))
  return order
}
