import type { FastifyInstance } from 'fastify'
import { Ticket } from '../../models.ts'

/**
 * A conditional update of a ticket: it applies only while the ticket still looks as `expected` (nobody answered
 * the menu, accepted or moved it meanwhile), so two runs, or a run and an agent, never both act. On success the
 * change is announced with its previous values and the updated ticket is returned, made in memory (the row matched
 * `expected` and now holds `patch`; updatedAt is the one written), not read again.
 */
export async function updateTicketIf(
  app: FastifyInstance, ticket: Ticket, expected: Partial<Ticket>, patch: Partial<Ticket>,
): Promise<Ticket | undefined> {
  const { companyId, id } = ticket
  const Tickets = app.bind(Ticket)
  // A model, so the updatedAt the update writes (set by the model's hook) can be read back from it.
  const change = Tickets.fromJson(patch, { patch: true, skipValidation: true })
  const changed = await Tickets.query().forCompany(companyId).findById(id).where(expected).patch(change)
  if (!changed) return undefined
  const previous = Object.fromEntries(Object.keys(patch).map((k) => [k, ticket[k as keyof Ticket]]))
  app.events.emit('ticket.updated', { companyId, ticketId: id, previous })
  return ticket.$clone().$set({ ...expected, ...patch, updatedAt: change.updatedAt })
}
