/** What the tickets screen reads from the API and the realtime topics (see plugins/tickets/README.md). */
export type TicketStatus = 'pending' | 'open' | 'closed'

export interface TicketTag {
  id: number
  name: string
  color: string
}

export interface TicketContact {
  id: number
  name: string
  number: string | null
  profilePicUrl: string | null
  isGroup?: boolean
}

export interface Ticket {
  id: number
  uuid: string
  status: TicketStatus
  userId: number | null
  user: { id: number; name: string } | null
  queueId: number | null
  queue: { id: number; name: string; color: string } | null
  contactId: number
  contact: TicketContact
  whatsappId: number | null
  whatsapp: { id: number; name: string } | null
  tags: TicketTag[]
  lastMessage: string | null
  unreadMessages: number
  isGroup: boolean
  chatbot: boolean
  useIntegration: boolean
  promptId: number | null
  integrationId: number | null
  createdAt: string
  updatedAt: string
}

export interface TicketsAnswer {
  tickets: Ticket[]
  hasMore: boolean
  count?: number
}

export interface Message {
  id: number
  ticketId: number
  body: string
  fromMe: boolean
  read: boolean
  mediaType: string | null
  mediaUrl: string | null
  mediaName?: string | null
  quotedMsg?: Omit<Message, 'quotedMsg'> | null
  ack: number
  isDeleted: boolean
  isEdited: boolean
  contact: { id: number; name: string; profilePicUrl: string | null } | null
  createdAt: string
}

export interface MessagesAnswer {
  messages: Message[]
  hasMore: boolean
}

/** `ticket` topic frames. updateUnread may carry the new count or the whole ticket; bare, it means "read". */
export type TicketEvent =
  | { action: 'update'; ticket: Ticket }
  | { action: 'updateUnread'; ticketId: number; unreadMessages?: number; ticket?: Ticket }
  | { action: 'delete'; ticketId: number }

/** `appMessage` topic frames. */
export interface AppMessageEvent {
  action: 'create' | 'update'
  message: Message
  ticket: Ticket
  contact?: TicketContact
}

export interface Option {
  id: number
  name: string
  color?: string
}
