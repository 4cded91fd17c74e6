import type { TicketsService } from './service.ts'
// The services of the plugins tickets depends on (app.channels, app.connections, app.contacts, app.queues, app.tags).
import '@zapdesk/connections/public'
import '@zapdesk/contacts/public'
import '@zapdesk/queues/public'
import '@zapdesk/tags/public'

/**
 * The domain events of tickets and messages. Every path that changes a ticket or a message emits one (agents'
 * requests, the inbound pipeline, bots, timeouts), after its transaction committed: realtime publishes from them and
 * later plugins (webhooks, kanban, campaigns) subscribe to them.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Ticket lifecycle, messages, inbound pipeline steps: see service.ts and README.md. */
    tickets: TicketsService
  }
}

declare module '@zapdesk/plugin-api' {
  interface DomainEvents {
    'ticket.created': { companyId: number; ticketId: number }
    /** `previous` holds the fields that changed, with their old values (status, userId, queueId, ...). */
    'ticket.updated': { companyId: number; ticketId: number; previous?: Record<string, unknown> }
    /** Only the unread counter changed (a message arrived or the ticket was read). */
    'ticket.unreadChanged': { companyId: number; ticketId: number; unreadMessages: number }
    /** Carries what realtime needs, since the row is gone. */
    'ticket.deleted': { companyId: number; ticketId: number; queueId: number | null; userId: number | null; status: string }
    'message.created': { companyId: number; ticketId: number; messageId: number }
    'message.updated': { companyId: number; ticketId: number; messageId: number }
  }
}
