import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, can, type AuthContext, type Static } from '@zapdesk/plugin-api'
import { whereCanSee, whereOwnWork } from '../visibility.ts'
import { searchSides } from './search-match.ts'
import type { ListQuery } from './schemas.ts'
import type { KnownRows, TicketRow } from './serialize.ts'

export const PAGE_SIZE = 40
const DAY_MS = 86_400_000
const MAX_IDS = 100

type Query = Knex.QueryBuilder

/** The columns the JSON is made of (serialize.ts), not the bot's and cycles' bookkeeping. */
const COLUMNS = ['id', 'uuid', 'companyId', 'status', 'userId', 'queueId', 'contactId', 'whatsappId', 'lastMessage', 'unreadMessages',
  'isGroup', 'chatbot', 'awaitingRating', 'useIntegration', 'promptId', 'integrationId', 'createdAt', 'updatedAt'].map((c) => `tickets.${c}`)

export interface ListedTicket extends TicketRow {
  /** The holder's name, read in the same query (the kernel's users table, under the ticket's company). */
  userName: string | null
  /** The contact as the answer shows it, from the contacts plugin's join (null: the contact is gone). */
  contactName: string | null
  contactNumber: string | null
  contactProfilePicUrl: string | null
  contactIsGroup: unknown
  /** The ticket's tag ids, comma-separated, from the tags plugin's column (null: none). */
  tagIds: string | null
}

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
 * they may open; otherwise their own work (their tickets and their queues' waiting ones), given the status the list
 * is filtered by (listTickets puts that condition on the query).
 */
function applyVisibility(q: Query, auth: AuthContext, showAll: boolean, status: string | undefined): void {
  if (showAll && can(auth, 'tickets-manager:showall')) whereCanSee(q, auth)
  else whereOwnWork(q, auth, status)
}

const dayRange = (day: string): [Date, Date] => {
  const start = new Date(`${day}T00:00:00.000Z`)
  return [start, new Date(start.getTime() + DAY_MS)]
}

/**
 * One page of GET /tickets: newest update first, 40 a page; `hasMore` from one extra row, not a count. Plain rows
 * (no model instances) with the holder's name, the contact (the contacts plugin's join) and the tag ids (the tags
 * plugin's column) read in the same query: with the queues, connections and tags kept in memory by their plugins,
 * a page is one query. A search narrows it to the newest matches of each of its sides (search-match.ts), each side
 * under the same filters and up to this page's end, merged (UNION) and joined: the page's tickets are among them.
 */
export async function listTickets(app: FastifyInstance, auth: AuthContext, query: Static<typeof ListQuery>): Promise<{ rows: ListedTicket[]; hasMore: boolean }> {
  const companyId = auth.companyId
  const tags = parseIds('tags', query.tags) // zapdesk: not a table (the query field)
  const users = parseIds('users', query.users)
  const queueIds = parseIds('queueIds', query.queueIds)
  const filtered = (q: Query): Query => {
    q.where('tickets.companyId', companyId)
    applyVisibility(q, auth, query.showAll === true, query.status)
    if (query.status) q.where('tickets.status', query.status)
    if (query.withUnreadMessages) q.where('tickets.unreadMessages', '>', 0)
    // A queue filter keeps tickets without a queue: they wait for whoever serves the selected queues.
    if (queueIds) q.where((w) => w.whereIn('tickets.queueId', queueIds).orWhereNull('tickets.queueId'))
    if (users) q.whereIn('tickets.userId', users)
    // Every given tag must be on the ticket.
    for (const tagId of tags ?? []) q.whereIn('tickets.id', app.tags.ticketIdsTagged(companyId, tagId))
    if (query.date) q.where('tickets.createdAt', '>=', dayRange(query.date)[0]).where('tickets.createdAt', '<', dayRange(query.date)[1])
    if (query.updatedAt) q.where('tickets.updatedAt', '>=', dayRange(query.updatedAt)[0]).where('tickets.updatedAt', '<', dayRange(query.updatedAt)[1])
    return q
  }
  const newestFirst = (q: Query): Query => q.orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc')
  const page = query.pageNumber ?? 1
  const q = app.knex('tickets')
  const term = query.searchParam?.trim() ?? ''
  if (term) {
    const sides = searchSides(app, companyId, term).map((match) => {
      const side = filtered(app.knex('tickets').select('tickets.id'))
      match(side)
      return app.knex.select('id').from(newestFirst(side).limit(page * PAGE_SIZE + 1).as('side'))
    })
    // The sides applied the filters: the page only reads the tickets they name (still under the company).
    q.join((sides.length > 1 ? sides[0].union(sides.slice(1)) : sides[0]).as('matched'), 'matched.id', 'tickets.id').where('tickets.companyId', companyId)
  } else {
    filtered(q)
  }
  // The company condition on the join too: a stale user id can never name another company's user.
  q.leftJoin('users', (j) => j.on('users.id', '=', 'tickets.userId').andOn('users.companyId', '=', 'tickets.companyId'))
    .select(...COLUMNS, 'users.name as userName', app.tags.tagIdsColumn('tickets.id', 'tickets.companyId', 'tagIds'))
  app.contacts.joinSummary(q, 'tickets.contactId', 'tickets.companyId', 'contact')
  const rows: ListedTicket[] = await newestFirst(q).limit(PAGE_SIZE + 1).offset((page - 1) * PAGE_SIZE)
  return { rows: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE }
}

/** The holders, contacts and tags the page already names, for serializeTickets (a holder or contact whose row is gone is looked up, and found absent). */
export async function knownOf(app: FastifyInstance, companyId: number, rows: ListedTicket[]): Promise<KnownRows> {
  const users = new Map<number, { id: number; name: string }>()
  const contacts = new Map<number, { id: number; name: string; number: string | null; profilePicUrl: string | null; isGroup: unknown }>()
  for (const r of rows) {
    if (r.userId !== null && r.userName !== null) users.set(Number(r.userId), { id: Number(r.userId), name: r.userName })
    if (r.contactName !== null) contacts.set(Number(r.contactId), { id: Number(r.contactId), name: r.contactName, number: r.contactNumber, profilePicUrl: r.contactProfilePicUrl, isGroup: r.contactIsGroup })
  }
  const tags = await app.tags.tagsNamed(companyId, new Map(rows.map((r) => [Number(r.id), r.tagIds])))
  return { users: [...users.values()], contacts: [...contacts.values()], tags }
}
