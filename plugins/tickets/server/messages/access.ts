import type { FastifyInstance } from 'fastify'
import { AppError, type AuthContext } from '@zapdesk/plugin-api'
import { Message, Ticket } from '../models.ts'
import { canSeeTicket } from '../visibility.ts'

/**
 * A ticket read under the caller's company, if the caller may see it: 404 when there is none (so other companies'
 * ids reveal nothing), 403 when it is not theirs to see.
 */
export function seenBy<T extends Parameters<typeof canSeeTicket>[1]>(auth: AuthContext, ticket: T | undefined): T {
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  if (!canSeeTicket(auth, ticket)) throw new AppError('ERR_NO_PERMISSION', 403)
  return ticket
}

/** A ticket of the caller's company that the caller may see (seenBy). */
export async function visibleTicket(app: FastifyInstance, auth: AuthContext, ticketId: number): Promise<Ticket> {
  return seenBy(auth, await app.bind(Ticket).query().forCompany(auth.companyId).findById(ticketId))
}

/** A message of the caller's company on a ticket the caller may see. */
export async function visibleMessage(app: FastifyInstance, auth: AuthContext, messageId: number): Promise<{ message: Message; ticket: Ticket }> {
  const message = await app.bind(Message).query().forCompany(auth.companyId).findById(messageId)
  if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND', 404)
  return { message, ticket: await visibleTicket(app, auth, message.ticketId) }
}
