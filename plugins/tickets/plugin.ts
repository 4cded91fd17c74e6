import { definePlugin } from '@zapdesk/plugin-api'
import { TicketsService } from './server/service.ts'
import { setupPipeline, pipelineJobs } from './server/pipeline/setup.ts'
import { setupMessages, messagesJobs, messagesRoutes } from './server/messages/setup.ts'
import { setupTickets, ticketsRoutes, ticketsFixtures, ticketRooms } from './server/tickets/setup.ts'
import './server/types.ts'

/**
 * Tickets and messages: the inbound pipeline (contact, idempotent message, one active ticket per contact and
 * connection, ordered steps), the ticket lifecycle, messages in and out, notes, and the realtime frames agents see.
 */
export default definePlugin({
  name: 'tickets',
  version: '1.0.0',
  tables: ['tickets', 'messages', 'ticket_cycles', 'ticket_notes', 'ticket_ratings', 'ticket_search_words'],
  provides: ['tickets'],
  events: ['ticket.created', 'ticket.updated', 'ticket.unreadChanged', 'ticket.deleted', 'message.created', 'message.updated'],
  errorCodes: ['ERR_OTHER_OPEN_TICKET', 'ERR_NO_TICKET_FOUND', 'ERR_CREATING_MESSAGE', 'ERR_CREATING_TICKET'],
  description: 'Tickets, messages, the inbound pipeline and its steps, notes, ratings',
  dependencies: ['connections', 'contacts', 'queues', 'tags'],
  migrations: new URL('./migrations/', import.meta.url),
  async routes(app) {
    await app.register(ticketsRoutes)
    await app.register(messagesRoutes)
  },
  topics: { ticket: {}, appMessage: {} },
  rooms: ticketRooms,
  jobs: { ...pipelineJobs, ...messagesJobs },
  permissions: { 'tickets-manager:showall': ['admin'], 'ticket-options:deleteTicket': ['admin'] },
  setup(app) {
    app.decorate('tickets', new TicketsService(app))
    setupMessages(app)
    setupTickets(app)
    setupPipeline(app)
  },
  tenantFixtures: ticketsFixtures,
})
