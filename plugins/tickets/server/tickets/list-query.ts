import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, Statement, addDays, can, dayStart, type AuthContext, type Static, type StatementValue } from '@zapdesk/plugin-api'
import { visibilityOf, whereCanSee, whereOwnWork, type TicketVisibility } from '../visibility.ts'
import { searchInput, searchSides, type SearchShape } from './search-match.ts'
import type { ListQuery } from './schemas.ts'
import type { KnownRows, TicketRow } from './serialize.ts'

export const PAGE_SIZE = 40
const MAX_IDS = 100

type Query = Knex.QueryBuilder

/** The columns the JSON is made of (serialize.ts), not the bot's and cycles' bookkeeping. */
export const TICKET_COLUMNS = ['id', 'uuid', 'companyId', 'status', 'userId', 'queueId', 'contactId', 'whatsappId', 'lastMessage', 'unreadMessages',
  'isGroup', 'chatbot', 'awaitingRating', 'useIntegration', 'promptId', 'integrationId', 'createdAt', 'updatedAt'].map((c) => `tickets.${c}`)

export interface ListedTicket extends TicketRow {
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

/** What decides a page's SQL (a compiled statement's shape, core/db/statement.ts); ListValues holds what it binds. */
interface ListShape {
  /** With showAll and tickets-manager:showall: every ticket they may open; otherwise their own work. */
  showAll: boolean
  /** The caller's visibility (server/visibility.ts, TicketVisibility): admins see everything; who sees tickets without a queue; how many queues they have. */
  everything: boolean
  withoutQueue: boolean
  ownQueues: number
  status: 'none' | 'pending' | 'other'
  unread: boolean
  /** How many ids each list filter holds (null: no such filter). */
  queues: number | null
  users: number | null
  tags: number
  date: boolean
  updatedAt: boolean
  /** Whether the page has an offset (knex leaves out `offset 0`). */
  paged: boolean
}
type ListValues = Record<string, StatementValue>

/** A typed day (yyyy-mm-dd) as the instants it spans on the company's clock: a ticket at 22:30 in São Paulo is that day's. */
const dayRange = (day: string, timezone: string): [Date, Date] => [dayStart(day, timezone), dayStart(addDays(day, 1), timezone)]

/** The request as a shape and its values: every id of a list is a value of its own (queue0, queue1, ...). */
function listInput(auth: AuthContext, query: Static<typeof ListQuery>): { shape: ListShape; values: ListValues } {
  const v = visibilityOf(auth)
  const values: ListValues = { companyId: auth.companyId, userId: auth.userId, offset: ((query.pageNumber ?? 1) - 1) * PAGE_SIZE }
  const put = (prefix: string, ids: readonly number[] | undefined): number | null => {
    ids?.forEach((id, i) => { values[`${prefix}${i}`] = id })
    return ids ? ids.length : null
  }
  put('ownQueue', v.queueIds)
  if (query.status) values.status = query.status
  if (query.date) [values.dateFrom, values.dateTo] = dayRange(query.date, auth.timezone)
  if (query.updatedAt) [values.updatedFrom, values.updatedTo] = dayRange(query.updatedAt, auth.timezone)
  const shape: ListShape = {
    showAll: query.showAll === true && can(auth, 'tickets-manager:showall'), everything: v.everything, withoutQueue: v.withoutQueue,
    ownQueues: v.queueIds.length, status: !query.status ? 'none' : query.status === 'pending' ? 'pending' : 'other',
    unread: query.withUnreadMessages === true,
    queues: put('queue', parseIds('queueIds', query.queueIds)), users: put('user', parseIds('users', query.users)),
    tags: put('tag', parseIds('tags', query.tags)) ?? 0, // zapdesk: not a table (the query field)
    date: Boolean(query.date), updatedAt: Boolean(query.updatedAt), paged: (values.offset as number) > 0,
  }
  return { shape, values }
}

const ids = (v: ListValues, prefix: string, n: number): number[] => Array.from({ length: n }, (_, i) => v[`${prefix}${i}`] as number)

/**
 * The list's conditions from a shape and its values only (real ones, or a statement's placeholders). Who sees which
 * tickets (server/visibility.ts): with showAll and tickets-manager:showall, every ticket they may open; otherwise
 * their own work (their tickets and their queues' waiting ones), given the status the list is filtered by.
 */
function applyFilters(app: FastifyInstance, q: Query, v: ListValues, shape: ListShape): Query {
  const companyId = v.companyId as number
  q.where('tickets.companyId', companyId)
  // The caller's visibility rebuilt from the shape and values: nothing else reaches the SQL.
  const viewer: TicketVisibility = { everything: shape.everything, withoutQueue: shape.withoutQueue, userId: v.userId as number, queueIds: ids(v, 'ownQueue', shape.ownQueues) }
  if (shape.showAll) whereCanSee(q, viewer)
  else whereOwnWork(q, viewer, shape.status === 'none' ? undefined : shape.status === 'pending' ? 'pending' : v.status as string)
  if (shape.status !== 'none') q.where('tickets.status', v.status)
  if (shape.unread) q.where('tickets.unreadMessages', '>', 0)
  // A queue filter keeps tickets without a queue: they wait for whoever serves the selected queues.
  if (shape.queues !== null) q.where((w) => w.whereIn('tickets.queueId', ids(v, 'queue', shape.queues!)).orWhereNull('tickets.queueId'))
  if (shape.users !== null) q.whereIn('tickets.userId', ids(v, 'user', shape.users))
  // Every given tag must be on the ticket.
  for (const tagId of ids(v, 'tag', shape.tags)) q.whereIn('tickets.id', app.tags.ticketIdsTagged(companyId, tagId))
  if (shape.date) q.where('tickets.createdAt', '>=', v.dateFrom).where('tickets.createdAt', '<', v.dateTo)
  if (shape.updatedAt) q.where('tickets.updatedAt', '>=', v.updatedFrom).where('tickets.updatedAt', '<', v.updatedTo)
  return q
}

const newestFirst = (q: Query): Query => q.orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc')

/** The page's columns: the ticket's, its tag ids and its contact (holders' names: the kernel's companyUserNames). */
function withColumns(app: FastifyInstance, q: Query): Query {
  q.select(...TICKET_COLUMNS, app.tags.tagIdsColumn('tickets.id', 'tickets.companyId', 'tagIds'))
  return app.contacts.joinSummary(q, 'tickets.contactId', 'tickets.companyId', 'contact')
}

/**
 * A page, compiled once per shape. A list page is one query. A search takes two steps: the page's ticket ids, the
 * newest matches of each of its sides (search-match.ts), each side under the same filters and up to this page's end
 * (`sideLimit`), merged (UNION) with their update times, ordered and cut to the page (`page`); then their rows with the
 * contact and tag ids, joined to those ids alone, so the matches left out are never read whole (the last message's
 * text). Those rows come back unordered from MariaDB and are put in the ids' order here (listTickets): sorting them
 * there cost it more than reading them (MariaDB's CPU per search at 100k tickets, alternated: 1469 -> 1237 us). SQLite
 * orders them itself: its rows may hold dates as numbers or text, which only its own order compares as the ids' did.
 * A list page read the same way measured no better (a later page of an admin's 631 -> 507 us, of an agent's own work
 * 570 -> 620, a first page 393 -> 459).
 */
function pageQuery(app: FastifyInstance, knex: Knex, v: ListValues, shape: PageShape): Query {
  const offset = shape.list.paged ? v.offset as number : 0
  if (!shape.search) return newestFirst(withColumns(app, applyFilters(app, knex('tickets'), v, shape.list))).limit(PAGE_SIZE + 1).offset(offset)
  const sides = searchSides(app, v.companyId as number, v, shape.search).map((match) => {
    const side = applyFilters(app, knex('tickets').select('tickets.id', 'tickets.updatedAt'), v, shape.list)
    match(side)
    return knex.select('id', 'updatedAt').from(newestFirst(side).limit(v.sideLimit as number).as('side'))
  })
  const matched = sides.length > 1 ? sides[0].union(sides.slice(1)) : sides[0]
  const page = knex.select('matched.id').from(matched.as('matched')).orderBy('matched.updatedAt', 'desc').orderBy('matched.id', 'desc')
    .limit(PAGE_SIZE + 1).offset(offset)
  const q = withColumns(app, knex.from(page.as('page')).join('tickets', 'tickets.id', 'page.id').where('tickets.companyId', v.companyId))
  return app.dialect === 'sqlite' ? newestFirst(q) : q
}

/**
 * Newest update first, then highest id: a search page's order, for rows MariaDB handed back unordered (pageQuery).
 * mysql2 reads DATETIME as a Date here (dateStrings off): compared as is, not copied into a new Date per comparison.
 */
function newestRowsFirst(rows: ListedTicket[]): void {
  const time = (r: ListedTicket) => (r.updatedAt as Date).getTime()
  rows.sort((a, b) => time(b) - time(a) || Number(b.id) - Number(a.id))
}

type PageShape = { list: ListShape; search: SearchShape | null }
const pages = new WeakMap<FastifyInstance, Statement<ListValues, PageShape>>()
function pageStatement(app: FastifyInstance): Statement<ListValues, PageShape> {
  let statement = pages.get(app)
  if (!statement) pages.set(app, (statement = new Statement<ListValues, PageShape>('tickets.list', (knex, v, shape) => pageQuery(app, knex, v, shape))))
  return statement
}

/**
 * One page of GET /tickets: newest update first, 40 a page; `hasMore` from one extra row, not a count. Plain rows
 * (no model instances) with the contact (the contacts plugin's join) and the tag ids (the tags plugin's column) read
 * in the same query: with the holders' names (companyUserNames), queues, connections and tags kept in memory, a page
 * is one query, whose text is compiled once per shape (knex compiled a search's on every request: a quarter of its
 * CPU).
 */
export async function listTickets(app: FastifyInstance, auth: AuthContext, query: Static<typeof ListQuery>): Promise<{ rows: ListedTicket[]; hasMore: boolean }> {
  const { shape, values } = listInput(auth, query)
  const term = query.searchParam?.trim() ?? ''
  let search: SearchShape | null = null
  if (term) {
    const input = searchInput(app, term)
    Object.assign(values, input.values, { sideLimit: (query.pageNumber ?? 1) * PAGE_SIZE + 1 })
    search = input.shape
  }
  const rows = await pageStatement(app).rows<ListedTicket>(app.knex, values, { list: shape, search })
  if (search && app.dialect !== 'sqlite') newestRowsFirst(rows)
  return { rows: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE }
}

/** The contacts and tags the page already names, for serializeTickets (a contact whose row is gone is looked up, and found absent). */
export async function knownOf(app: FastifyInstance, companyId: number, rows: ListedTicket[]): Promise<KnownRows> {
  const contacts = new Map<number, { id: number; name: string; number: string | null; profilePicUrl: string | null; isGroup: unknown }>()
  for (const r of rows) {
    if (r.contactName !== null) contacts.set(Number(r.contactId), { id: Number(r.contactId), name: r.contactName, number: r.contactNumber, profilePicUrl: r.contactProfilePicUrl, isGroup: r.contactIsGroup })
  }
  const tags = await app.tags.tagsNamed(companyId, new Map(rows.map((r) => [Number(r.id), r.tagIds])))
  return { contacts: [...contacts.values()], tags }
}
