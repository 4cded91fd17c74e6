import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { type AuthContext, type RealtimeAudience } from '@zapdesk/plugin-api'
import type { BoardTicket } from '@zapdesk/tickets/public'
import type { KanbanTicket } from './dto.ts'

/** Cards per page of GET /ticket/kanban: the most recently active first; the board loads more on demand. */
export const PAGE_SIZE = 100
/** Closed tickets leave the board. */
export const BOARD_STATUSES = ['pending', 'open']

const isAdmin = (auth: AuthContext) => auth.profile === 'admin' || auth.super

/**
 * The board's rule (spec: "Kanban fetches tickets of the user's own queues"): admins every ticket, narrowed to
 * `requested` queues when given; agents the tickets of their own queues (narrowed the same way). Tickets without
 * a queue yet are on the board of those who see them in their ticket list: the tickets plugin's read model keeps
 * the board within what the caller may see.
 */
function boardQueues(auth: AuthContext, requested: number[] | undefined): number[] | undefined {
  if (isAdmin(auth)) return requested
  return requested ? requested.filter((id) => auth.queueIds.includes(id)) : auth.queueIds
}

async function toCards(app: FastifyInstance, companyId: number, tickets: BoardTicket[]): Promise<KanbanTicket[]> {
  const tags = await app.tags.ofTickets(companyId, tickets.map((t) => t.id))
  return tickets.map((t) => ({ ...t, tags: (tags.get(t.id) ?? []).map((tag) => ({ id: tag.id, name: tag.name, color: tag.color, kanban: tag.kanban })) }))
}

/** One page of the caller's board: pending and open tickets, most recently active first. */
export async function listBoard(app: FastifyInstance, auth: AuthContext, requested: number[] | undefined, page: number) {
  const { tickets, count } = await app.tickets.boards.page(auth, { statuses: BOARD_STATUSES, queueIds: boardQueues(auth, requested), page, pageSize: PAGE_SIZE })
  return { tickets: await toCards(app, auth.companyId, tickets), count, hasMore: count > page * PAGE_SIZE }
}

/** The card of one ticket of the company (any status), or undefined. */
export async function findCard(app: FastifyInstance, companyId: number, ticketId: number): Promise<KanbanTicket | undefined> {
  const ticket = await app.tickets.boards.ticket(companyId, ticketId)
  return ticket ? (await toCards(app, companyId, [ticket]))[0] : undefined
}

/**
 * Throws 404 ERR_NO_TICKET_FOUND unless the ticket is the caller's company's and one they may see. When the tickets
 * plugin has registered its own check (`app.tags.validateTicket`), that check runs too: its rule has the last word.
 */
export async function assertTicket(app: FastifyInstance, auth: AuthContext, ticketId: number, trx: Knex.Transaction): Promise<void> {
  await app.tickets.boards.assertVisible(auth, ticketId, trx)
  await app.tags.validateTicket?.(auth, ticketId, trx)
}

/** The sockets that get a card's frames: those who may see the ticket (the tickets plugin's rule). */
export function cardAudience(app: FastifyInstance, card: Pick<KanbanTicket, 'queueId' | 'userId'>): RealtimeAudience {
  return app.tickets.visibility.audience(card)
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
