import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import { Ticket } from '../models.ts'
import { canSeeTicket } from '../visibility.ts'

/**
 * The tags plugin's hooks: /tags/sync and ticket-tag links accept only tickets of the caller's company that the
 * caller may open (404 either way, as the tags plugin documents), and a ticket whose tags changed is republished.
 */
export function registerTagHooks(app: FastifyInstance): void {
  app.tags.validateTicket = async (auth, ticketId, trx) => {
    const ticket = await app.bind(Ticket).query(trx).forCompany(auth.companyId).findById(ticketId)
    if (!ticket || !canSeeTicket(auth, ticket)) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  }
  app.events.on('ticket.tagsChanged', ({ companyId, ticketId }) => {
    app.events.emit('ticket.updated', { companyId, ticketId, previous: {} })
  })
}
