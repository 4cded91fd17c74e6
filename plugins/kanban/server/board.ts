import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, toIso, type AuthContext, type RealtimeAudience } from '@zapdesk/plugin-api'
import type { KanbanTicket } from './dto.ts'

/** Cards per page of GET /ticket/kanban: the most recently active first; the board loads more on demand. */
export const PAGE_SIZE = 100
/** Closed tickets leave the board. */
export const BOARD_STATUSES = ['pending', 'open'] as const

const isAdmin = (auth: AuthContext) => auth.profile === 'admin' || auth.super

/*
 * The tickets plugin offers no listing service yet, so the board reads its `tickets` table (and the contact's name
 * and number) directly, read-only, always scoped to one company. Writes to tickets stay with the tickets plugin;
 * ticket tags are written through `app.tags` only.
 */
interface CardRow {
  id: number; uuid: string; status: string; queueId: number | null; userId: number | null; lastMessage: string | null
  unreadMessages: number | string; updatedAt: unknown; contactId: number; contactName: string; contactNumber: string | null; contactPic: string | null
}

function cards(db: Knex | Knex.Transaction, companyId: number): Knex.QueryBuilder {
  return db('tickets')
    .join('contacts', (j) => j.on('contacts.id', '=', 'tickets.contactId').andOn('contacts.companyId', '=', 'tickets.companyId'))
    .where('tickets.companyId', companyId)
}

const CARD_COLUMNS = [
  'tickets.id', 'tickets.uuid', 'tickets.status', 'tickets.queueId', 'tickets.userId', 'tickets.lastMessage', 'tickets.unreadMessages',
  'tickets.updatedAt', 'contacts.id as contactId', 'contacts.name as contactName', 'contacts.number as contactNumber', 'contacts.profilePicUrl as contactPic',
]

/**
 * The board's rule (spec: "Kanban fetches tickets of the user's own queues"): admins every ticket, narrowed to
 * `requested` queues when given; agents the tickets of their own queues (narrowed the same way). Tickets without
 * a queue yet are on everyone's board, as they are in everyone's ticket list. Always within canSeeTicket.
 */
function onBoardOf(q: Knex.QueryBuilder, auth: AuthContext, requested: number[] | undefined): Knex.QueryBuilder {
  const allowed = isAdmin(auth) ? requested : requested ? requested.filter((id) => auth.queueIds.includes(id)) : auth.queueIds
  if (allowed === undefined) return q
  return q.where((w) => {
    w.whereNull('tickets.queueId')
    if (allowed.length) w.orWhereIn('tickets.queueId', allowed)
  })
}

/**
 * Who may tag a ticket: the tickets plugin's canSeeTicket (admins everything of their company; agents their
 * queues, their own tickets and tickets without a queue), so a card moves for anyone who can open the ticket.
 */
function visibleTo(q: Knex.QueryBuilder, auth: AuthContext): Knex.QueryBuilder {
  if (isAdmin(auth)) return q
  return q.where((w) => {
    w.whereNull('tickets.queueId').orWhere('tickets.userId', auth.userId)
    if (auth.queueIds.length) w.orWhereIn('tickets.queueId', auth.queueIds)
  })
}

async function toCards(app: FastifyInstance, companyId: number, rows: CardRow[]): Promise<KanbanTicket[]> {
  const tags = await app.tags.ofTickets(companyId, rows.map((r) => Number(r.id)))
  return rows.map((r) => ({
    id: Number(r.id), uuid: r.uuid, status: r.status, queueId: r.queueId === null ? null : Number(r.queueId), userId: r.userId === null ? null : Number(r.userId),
    contact: { id: Number(r.contactId), name: r.contactName, number: r.contactNumber ?? null, profilePicUrl: r.contactPic ?? null },
    lastMessage: r.lastMessage ?? null, unreadMessages: Number(r.unreadMessages ?? 0), updatedAt: toIso(r.updatedAt),
    tags: (tags.get(Number(r.id)) ?? []).map((t) => ({ id: t.id, name: t.name, color: t.color, kanban: t.kanban })),
  }))
}

/** One page of the caller's board: pending and open tickets, most recently active first. */
export async function listBoard(app: FastifyInstance, auth: AuthContext, requested: number[] | undefined, page: number) {
  const base = onBoardOf(cards(app.knex, auth.companyId).whereIn('tickets.status', [...BOARD_STATUSES]), auth, requested)
  const [{ n }] = (await base.clone().count({ n: '*' })) as Array<{ n: number | string }>
  const rows = (await base.select(CARD_COLUMNS).orderBy([{ column: 'tickets.updatedAt', order: 'desc' }, { column: 'tickets.id', order: 'desc' }])
    .limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)) as CardRow[]
  return { tickets: await toCards(app, auth.companyId, rows), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
}

/** The card of one ticket of the company (any status), or undefined. */
export async function findCard(app: FastifyInstance, companyId: number, ticketId: number): Promise<KanbanTicket | undefined> {
  const rows = (await cards(app.knex, companyId).where('tickets.id', ticketId).select(CARD_COLUMNS)) as CardRow[]
  return rows.length ? (await toCards(app, companyId, rows))[0] : undefined
}

/**
 * Throws 404 ERR_NO_TICKET_FOUND unless the ticket is the caller's company's and one they may see. When the tickets
 * plugin has registered its own check (`app.tags.validateTicket`), that check runs too: its rule has the last word.
 */
export async function assertTicket(app: FastifyInstance, auth: AuthContext, ticketId: number, trx: Knex.Transaction): Promise<void> {
  const found = await visibleTo(trx('tickets').where({ 'tickets.companyId': auth.companyId, 'tickets.id': ticketId }), auth).first('tickets.id')
  if (!found) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  await app.tags.validateTicket?.(auth, ticketId, trx)
}

/** The sockets that get a card's frames: those who may see the ticket (the tickets plugin's ticketAudience). */
export function cardAudience(card: Pick<KanbanTicket, 'queueId' | 'userId'>): RealtimeAudience {
  if (card.queueId === null) return {}
  return { queueIds: [card.queueId], ...(card.userId !== null ? { queueBypassUserIds: [card.userId] } : {}) }
}

/**
 * `[1,2]` (shape already checked by the query schema) as ids. `[]` or no parameter: no narrowing; ids that cannot be
 * queues narrow to nothing but the tickets without a queue, as any other unknown queue id would.
 */
export function parseQueueIds(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined
  const all = JSON.parse(raw) as number[]
  if (!all.length) return undefined
  return [...new Set(all.filter((id) => id > 0 && id <= 2147483647))]
}
