import type { AuthContext, RealtimeAudience } from '@zapdesk/plugin-api'

/** The fields of a ticket that decide who may see it. */
export interface TicketScope {
  queueId: number | null
  userId: number | null
}

/**
 * Who sees which tickets (core.md section 6), the one definition: admins and super users see every ticket of their
 * company; an agent sees the tickets assigned to them, the tickets of their queues, and tickets without a queue
 * (still in the bot, never routed) only with allTicket 'enabled' ("see tickets without a queue"). The check,
 * the SQL condition and the realtime audience below are three renderings of this rule; visibility.test.ts proves
 * they agree. The company check is the caller's job (queries run forCompany, frames carry the companyId).
 */
export interface TicketVisibility {
  everything: boolean
  userId: number
  queueIds: readonly number[]
  /** Tickets without a queue: allTicket 'enabled', and always for admins (their own-work list counts them too). */
  withoutQueue: boolean
}

const isAdmin = (auth: AuthContext) => auth.profile === 'admin' || auth.super

export function visibilityOf(auth: AuthContext): TicketVisibility {
  const admin = isAdmin(auth)
  return { everything: admin, userId: auth.userId, queueIds: auth.queueIds, withoutQueue: admin || auth.allTicket === 'enabled' }
}

/** Whether the ticket is in the user's queues (or without one, when they see those): their share of the waiting. */
function inQueues(v: TicketVisibility, ticket: TicketScope): boolean {
  return ticket.queueId === null ? v.withoutQueue : v.queueIds.includes(ticket.queueId)
}

/** Who may open a ticket (GET /tickets/:id, its messages, notes, tags, chatBox room, accepting it). */
export function canSeeTicket(auth: AuthContext, ticket: TicketScope): boolean {
  const v = visibilityOf(auth)
  return v.everything || ticket.userId === v.userId || inQueues(v, ticket)
}

/** The realtime audience matching canSeeTicket, so a socket gets a ticket's frames only if it may open the ticket. */
export function ticketAudience(ticket: TicketScope): RealtimeAudience {
  const holder = ticket.userId !== null ? { queueBypassUserIds: [ticket.userId] } : {}
  if (ticket.queueId === null) return { queueIds: [], withoutQueue: true, ...holder }
  return { queueIds: [ticket.queueId], ...holder }
}

/** The query builders the conditions go on (knex's and objection's share this shape). */
interface Conditions {
  where(column: string, value: unknown): Conditions
  where(nest: (w: Conditions) => void): Conditions
  orWhere(nest: (w: Conditions) => void): Conditions
  whereNull(column: string): Conditions
  whereIn(column: string, values: readonly number[]): Conditions
  orWhereNull(column: string): Conditions
  orWhereIn(column: string, values: readonly number[]): Conditions
}

/** inQueues in SQL. */
function whereInQueues(w: Conditions, v: TicketVisibility): void {
  if (v.withoutQueue) w.whereNull('tickets.queueId').orWhereIn('tickets.queueId', v.queueIds)
  else w.whereIn('tickets.queueId', v.queueIds)
}

/** Who a caller is, or their visibility as visibilityOf answers it (a compiled list statement rebuilds it from its values). */
type Viewer = AuthContext | TicketVisibility
const visibilityOfViewer = (viewer: Viewer): TicketVisibility => ('everything' in viewer ? viewer : visibilityOf(viewer))

/** canSeeTicket as a condition on a query of the tickets table (lists, the kanban board and its counts). */
export function whereCanSee<Q>(query: Q, viewer: Viewer): Q {
  const v = visibilityOfViewer(viewer)
  if (v.everything) return query
  ;(query as unknown as Conditions).where((w) => w.where('tickets.userId', v.userId).orWhere((q) => whereInQueues(q, v)))
  return query
}

/**
 * The tickets list without show-all: the user's own tickets and the waiting (pending) ones of their queues, their
 * share to take. Never wider than whereCanSee: an admin's share is their queues' too, not the whole company's.
 * A list of one status other than pending (the caller's own condition on the same query) has no waiting share: only
 * the holder condition is left, which the (user, status, updated_at) index answers in the page's order instead of a
 * walk of the company's tickets of that status (migration 20270210000001: 40 rows read instead of 888 and a sort).
 */
export function whereOwnWork<Q>(query: Q, viewer: Viewer, status?: string): Q {
  const v = visibilityOfViewer(viewer)
  const conditions = query as unknown as Conditions
  if (status !== undefined && status !== 'pending') conditions.where('tickets.userId', v.userId)
  else conditions.where((w) => w.where('tickets.userId', v.userId).orWhere((p) => p.where('tickets.status', 'pending').where((q) => whereInQueues(q, v))))
  return query
}
