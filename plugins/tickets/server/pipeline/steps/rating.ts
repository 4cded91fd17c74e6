import { Ticket, TicketRating } from '../../models.ts'
import type { InboundStep } from '../steps.ts'
import { sendAutomatic } from './reply.ts'
import { updateTicketIf } from './claim.ts'

/** The spec's rating scale: 1 Insatisfeito, 2 Satisfeito, 3 Muito Satisfeito. */
export function isRatingAnswer(body: string): boolean {
  return /^[123]$/.test(body.trim())
}

/**
 * 200: the contact's answer to the rating request sent when a ticket closed. The pipeline stores an answer ('1',
 * '2' or '3') in that closed ticket instead of opening a new one; here the rating is recorded once (the cleared
 * flag is the claim), the connection's completion message goes out, and nothing else runs. Any other message opens
 * or continues a ticket as usual and ends the wait: the contact moved on.
 */
export const ratingStep: InboundStep = {
  name: 'rating',
  order: 200,
  async run(ctx) {
    const { app, companyId, ticket } = ctx
    if (ticket.status === 'closed') {
      if (!ticket.awaitingRating || !isRatingAnswer(ctx.message.body)) return 'stop'
      const rated = await updateTicketIf(app, ticket, { awaitingRating: true }, { awaitingRating: false })
      if (!rated) return 'stop'
      await app.bind(TicketRating).query().forCompany(companyId).insert({ ticketId: ticket.id, userId: ticket.userId, rate: Number(ctx.message.body.trim()) })
      await sendAutomatic(app, companyId, ticket.id, ctx.whatsapp.complationMessage as string | null)
      return 'stop'
    }
    // A new ticket ends the wait of the contact's closed ones; a contact created just now has none to look for.
    if (ctx.ticketCreated && !ctx.contactCreated) {
      const waiting = await app.bind(Ticket).query().forCompany(companyId)
        .where({ contactId: ticket.contactId, whatsappId: ticket.whatsappId, status: 'closed', awaitingRating: true })
      for (const old of waiting) await updateTicketIf(app, old, { awaitingRating: true }, { awaitingRating: false })
    }
    return 'next'
  },
}
