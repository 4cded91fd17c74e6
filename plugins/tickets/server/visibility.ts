import type { AuthContext, RealtimeAudience } from '@zapdesk/plugin-api'

/** The fields of a ticket that decide who may see it. */
export interface TicketScope {
  queueId: number | null
  userId: number | null
}

const isAdmin = (auth: AuthContext) => auth.profile === 'admin' || auth.super

/**
 * Who may open a ticket (GET /tickets/:id, its messages, notes, realtime frames): admins see every ticket of their
 * company; an agent sees the tickets assigned to them, the tickets of their queues and tickets with no queue yet
 * ('SEM FILA', still in the bot or never routed). The company check is the caller's job (queries run forCompany).
 */
export function canSeeTicket(auth: AuthContext, ticket: TicketScope): boolean {
  if (isAdmin(auth)) return true
  if (ticket.userId === auth.userId) return true
  if (ticket.queueId === null) return true
  return auth.queueIds.includes(ticket.queueId)
}

/** The realtime audience matching canSeeTicket, so a socket gets a ticket's frames only if it may open the ticket. */
export function ticketAudience(ticket: TicketScope): RealtimeAudience {
  if (ticket.queueId === null) return {}
  return { queueIds: [ticket.queueId], ...(ticket.userId !== null ? { queueBypassUserIds: [ticket.userId] } : {}) }
}

/** The query builders canSeeTicket's condition goes on (knex's and objection's share this shape). */
interface Conditions {
  where(column: string, value: unknown): Conditions
  where(nest: (w: Conditions) => void): Conditions
  orWhere(column: string, value: unknown): Conditions
  orWhereNull(column: string): Conditions
  orWhereIn(column: string, values: readonly number[]): Conditions
}

/**
 * canSeeTicket as a condition on a query of the tickets table: the same rule, for lists and read models (the
 * kanban board, the tickets list with showAll), so it is written once. Admins: no condition.
 */
export function whereCanSee<Q>(query: Q, auth: AuthContext): Q {
  if (isAdmin(auth)) return query
  ;(query as unknown as Conditions).where((w) => {
    w.where('tickets.userId', auth.userId).orWhereNull('tickets.queueId')
    if (auth.queueIds.length) w.orWhereIn('tickets.queueId', auth.queueIds)
  })
  return query
}
