/**
 * What other plugins may use from the tickets plugin (declare `dependencies: ['tickets']` and import this as
 * `@zapdesk/tickets/public`). Everything else in this folder is internal, and its tables are not part of the contract.
 *
 *   const { ticket } = await app.tickets.findOrOpen(companyId, { contactId, whatsappId })
 *   await app.tickets.sendMessage(companyId, ticket.id, { body: 'Olá!' })     // stored, sent with retries, acked, live
 *   app.tickets.addStep({ name: 'my-plugin:answer', before: ['queue-menu'], async run(ctx) { return 'next' } })
 *   const { tickets, count } = await app.tickets.boards.page(auth, { statuses: ['pending', 'open'], page: 1, pageSize: 50 })
 *   app.events.on('message.created', ({ companyId, ticketId, messageId }) => { ... })
 */
import './server/types.ts'

export type { TicketsService } from './server/service.ts'
// The id a caller may fix for a message before it is sent (EnqueueInput.id): the connections plugin's.
export { newMessageId } from '@zapdesk/connections/public'
export type { Ticket, Message } from './server/models.ts'
export type { TicketJson } from './server/tickets/serialize.ts'
export type { MessageJson } from './server/messages/serialize.ts'
export type { EnqueueInput, OutboundMediaInput } from './server/messages/sender.ts'
export type { FindOrOpenInput } from './server/public-api/find-or-open.ts'
export type { ConversationMessage } from './server/public-api/conversation.ts'
export type { BoardTicket, BoardQuery } from './server/read-models/board.ts'
export type { CycleMoment, CycleSpan, CycleSums, Range as ActivityRange } from './server/read-models/activity.ts'
export type { TicketScope } from './server/visibility.ts'
export type { InboundStep, InboundContext, StepResult } from './server/pipeline/steps.ts'
