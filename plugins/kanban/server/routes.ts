import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, errorResponses } from '@zapdesk/plugin-api'
import { KanbanPage, KanbanQuery, KanbanTicketDto, TicketParams, TicketTagParams } from './dto.ts'
import { assertTicket, findCard, listBoard, parseQueueIds } from './board.ts'

/**
 * The board's tickets and the moves between lanes. Every route is gated by useKanban through the plugin's
 * `feature` (the loader adds it); the lanes themselves are the tags plugin's GET /tags/kanban.
 */
export default async function routes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  // Read outside the transactions below: SQLite has a single connection, which a transaction holds.
  const tagsOf = async (companyId: number, ticketId: number) => (await app.tags.ofTickets(companyId, [ticketId])).get(ticketId) ?? []

  /** The card after a move; a real change is announced (tickets list, other boards: see realtime.ts). */
  const answer = async (companyId: number, ticketId: number, changed: boolean) => {
    const card = await findCard(app, companyId, ticketId)
    if (!card) throw new AppError('ERR_NO_TICKET_FOUND', 404) // deleted meanwhile
    if (changed) app.events.emit('ticket.tagsChanged', { companyId, ticketId, tagIds: card.tags.map((t) => t.id) })
    return card
  }

  api.get('/ticket/kanban', {
    schema: { summary: 'The caller\'s board: pending and open tickets of their queues (queueIds narrows), 100 a page', querystring: KanbanQuery,
      response: { 200: KanbanPage, ...errorResponses } },
  }, async (request) => listBoard(app, request.auth!, parseQueueIds(request.query.queueIds), request.query.pageNumber ?? 1))

  api.delete('/ticket-tags/:ticketId', {
    schema: { summary: 'Take a ticket out of its kanban lane: removes its kanban tags (other tags stay); answers the card', params: TicketParams,
      response: { 200: KanbanTicketDto, ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const { ticketId } = request.params
    const lanes = (await tagsOf(auth.companyId, ticketId)).filter((t) => t.kanban)
    await app.knex.transaction(async (trx) => {
      await assertTicket(app, auth, ticketId, trx)
      for (const tag of lanes) await app.tags.removeTicketTags(auth.companyId, ticketId, tag.id, trx)
    })
    return answer(auth.companyId, ticketId, lanes.length > 0)
  })

  api.put('/ticket-tags/:ticketId/:tagId', {
    schema: { summary: 'Put a ticket in a kanban lane: links it to that kanban tag; answers the card', params: TicketTagParams,
      response: { 200: KanbanTicketDto, ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const { ticketId, tagId } = request.params
    // Lanes only: a plain label goes on the ticket's own page (POST /tags/sync), not through the board.
    if (!(await app.tags.find(auth.companyId, tagId)).kanban) throw new AppError('ERR_NO_TAG_FOUND', 404)
    const had = (await tagsOf(auth.companyId, ticketId)).some((t) => t.id === tagId)
    await app.knex.transaction(async (trx) => {
      await assertTicket(app, auth, ticketId, trx)
      await app.tags.addTicketTag(auth.companyId, ticketId, tagId, trx)
    })
    return answer(auth.companyId, ticketId, !had)
  })
}
