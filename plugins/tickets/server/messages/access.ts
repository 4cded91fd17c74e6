import type { FastifyInstance } from 'fastify'
import { AppError, type AuthContext } from '@zapdesk/plugin-api'
import { Message, Ticket } from '../models.ts'
import { canSeeTicket } from '../visibility.ts'

/** A ticket of the caller's company (404 otherwise, so other companies' ids reveal nothing) that the caller may see (403). */
export async function visibleTicket(app: FastifyInstance, auth: AuthContext, ticketId: number): Promise<Ticket> {
  const ticket = await app.bind(Ticket).query().forCompany(auth.companyId).findById(ticketId)
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  if (!canSeeTicket(auth, ticket)) throw new AppError('ERR_NO_PERMISSION', 403)
  return ticket
}

/** A message of the caller's company on a ticket the caller may see. */
export async function visibleMessage(app: FastifyInstance, auth: AuthContext, messageId: number): Promise<{ message: Message; ticket: Ticket }> {
  const message = await app.bind(Message).query().forCompany(auth.companyId).findById(messageId)
  if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND', 404)
  return { message, ticket: await visibleTicket(app, auth, message.ticketId) }
}
