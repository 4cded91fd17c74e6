/**
 * The conversation of a ticket, for the tickets screen and the admin's peek dialog. Its texts load themselves
 * (namespace `tickets-conversation`, see i18n.ts): nothing to register in the module's index.
 */
export { Conversation, type ConversationProps } from './Conversation.tsx'
export { MessagesList, type MessagesListProps } from './MessagesList.tsx'
export { ContactDrawer, type ContactDrawerProps } from './drawer/ContactDrawer.tsx'
export type { ConversationTicket, Message, TicketNote } from './types.ts'
