import type { FastifyInstance } from 'fastify'
import { cardAudience, findCard } from './board.ts'

/**
 * Moves reach the other boards through the `kanban` topic (gated by useKanban like the routes): every change of a
 * ticket's tags, from a card dragged here or from the ticket's own page (POST /tags/sync), republishes its card to
 * those who may see the ticket. New messages and status changes come through the tickets plugin's `ticket` topic.
 */
export function setupRealtime(app: FastifyInstance): void {
  app.events.on('ticket.tagsChanged', async ({ companyId, ticketId }) => {
    const card = await findCard(app, companyId, ticketId)
    if (card) app.realtime.publish({ companyId, topic: 'kanban', data: { action: 'update', ticket: card }, audience: cardAudience(app, card) })
  })
}
