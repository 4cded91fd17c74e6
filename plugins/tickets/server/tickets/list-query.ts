import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, can, type AuthContext, type Static, type TenantQueryBuilder } from '@zapdesk/plugin-api'
import { Ticket } from '../models.ts'
import { ticketsMatchingWords } from '../search-words.ts'
import { whereCanSee, whereOwnWork } from '../visibility.ts'
import type { ListQuery } from './schemas.ts'

export const PAGE_SIZE = 40
const DAY_MS = 86_400_000
const MAX_IDS = 100

type Query = TenantQueryBuilder<Ticket>

/** A JSON-string list of ids ('[1,2]'); anything else is a 400 naming the field, never a database error. */
export function parseIds(field: string, raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw new AppError('ERR_VALIDATION', 400, [{ field: `querystring/${field}`, message: 'must be a JSON array of ids' }])
  }
  const ids = Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v)).map(Number) : []
  if (!Array.isArray(value) || value.length > MAX_IDS || ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2147483647)) {
    throw new AppError('ERR_VALIDATION', 400, [{ field: `querystring/${field}`, message: `must be a JSON array of at most ${MAX_IDS} ids` }])
  }
  return [...new Set(ids)]
}

/**
 * Who sees which tickets in the lists (server/visibility.ts): with showAll and tickets-manager:showall, every ticket
 * they may open; otherwise their own work (their tickets and their queues' waiting ones).
 */
function applyVisibility(q: Query, auth: AuthContext, showAll: boolean): void {
  if (showAll && can(auth, 'tickets-manager:showall')) whereCanSee(q, auth)
  else whereOwnWork(q, auth)
}

/** A knex subquery inside an objection query: objection's types know only its own builders, the SQL is the same. */
const subquery = (q: Knex.QueryBuilder) => q as unknown as Parameters<Query['whereIn']>[1]

const dayRange = (day: string): [Date, Date] => {
  const start = new Date(`${day}T00:00:00.000Z`)
  return [start, new Date(start.getTime() + DAY_MS)]
}

/** One page of GET /tickets: newest update first, 40 a page; `hasMore` from one extra row, not a count. */
export async function listTickets(app: FastifyInstance, auth: AuthContext, query: Static<typeof ListQuery>): Promise<{ rows: Ticket[]; hasMore: boolean }> {
  const companyId = auth.companyId
  const tags = parseIds('tags', query.tags) // zapdesk: not a table (the query field)
  const users = parseIds('users', query.users)
  const queueIds = parseIds('queueIds', query.queueIds)
  const q = app.bind(Ticket).query().forCompany(companyId)
  applyVisibility(q, auth, query.showAll === true)
  if (query.status) q.where('tickets.status', query.status)
  if (query.withUnreadMessages) q.where('tickets.unreadMessages', '>', 0)
  // A queue filter keeps tickets without a queue: they wait for whoever serves the selected queues.
  if (queueIds) q.where((w) => w.whereIn('tickets.queueId', queueIds).orWhereNull('tickets.queueId'))
  if (users) q.whereIn('tickets.userId', users)
  // Every given tag must be on the ticket.
  for (const tagId of tags ?? []) q.whereIn('tickets.id', subquery(app.tags.ticketIdsTagged(companyId, tagId)))
  if (query.date) q.where('tickets.createdAt', '>=', dayRange(query.date)[0]).where('tickets.createdAt', '<', dayRange(query.date)[1])
  if (query.updatedAt) q.where('tickets.updatedAt', '>=', dayRange(query.updatedAt)[0]).where('tickets.updatedAt', '<', dayRange(query.updatedAt)[1])
  const term = query.searchParam?.trim() ?? ''
  if (term) {
    const byWords = ticketsMatchingWords(app.knex, companyId, term)
    q.where((w) => {
      w.whereIn('tickets.contactId', subquery(app.contacts.idsMatching(companyId, term)))
      if (byWords) w.orWhereIn('tickets.id', subquery(byWords))
    })
  }
  const page = query.pageNumber ?? 1
  const rows = await q.orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc').limit(PAGE_SIZE + 1).offset((page - 1) * PAGE_SIZE)
  return { rows: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE }
}
