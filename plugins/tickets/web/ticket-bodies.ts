import type { Ticket, TicketStatus } from './types.ts'

/** PUT /tickets/:id bodies of the spec's transitions (section 4), kept apart from the screens that send them. */
export interface TicketUpdate {
  status?: TicketStatus
  userId?: number | null
  queueId?: number | null
  whatsappId?: number | null
}

export const acceptBody = (meId: number): TicketUpdate => ({ status: 'open', userId: meId })
export const finishBody = (): TicketUpdate => ({ status: 'closed' })
export const returnBody = (): TicketUpdate => ({ status: 'pending', userId: null })
export const reopenBody = (ticket: Pick<Ticket, 'queueId'>, meId: number): TicketUpdate => ({ status: 'open', userId: meId, queueId: ticket.queueId })

/**
 * Spec: a transfer to a queue without a user puts the ticket back in the queue's waiting list (pending, no user);
 * with a user it goes to that user. The connection changes only when one was chosen.
 */
export function transferBody(queueId: number, userId: number | null, whatsappId: number | null): TicketUpdate {
  const body: TicketUpdate = userId != null ? { queueId, userId } : { queueId, userId: null, status: 'pending' }
  if (whatsappId != null) body.whatsappId = whatsappId
  return body
}
