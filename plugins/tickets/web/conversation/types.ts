/**
 * Shapes the conversation reads (server contract: plugins/tickets/README.md). The ticket is structural, so the
 * tickets screen can pass its own Ticket objects as they are.
 */
export type TicketStatus = 'pending' | 'open' | 'closed'

export interface ConversationTicket {
  id: number
  status: TicketStatus | string
  contactId: number
  contact: { id: number; name: string; number?: string | null; profilePicUrl?: string | null; isGroup?: boolean }
  isGroup?: boolean
  userId?: number | null
}

export interface MessageContact {
  id: number
  name: string
  profilePicUrl: string | null
}

export interface QuotedMessage {
  id: number
  ticketId: number
  body: string
  fromMe: boolean
  mediaType: string | null
  mediaUrl: string | null
  mediaName?: string | null
  isDeleted?: boolean
  contact?: MessageContact | null
  participant?: string | null
}

export interface Message extends QuotedMessage {
  read?: boolean
  ack: number
  isDeleted: boolean
  isEdited: boolean
  participant?: string | null
  userId?: number | null
  /** Outbound only: queued, sending, sent or failed; null for inbound messages. */
  sendStatus?: string | null
  /** The ERR_* code of a failed send. */
  sendError?: string | null
  quotedMsg?: QuotedMessage | null
  createdAt: string
  updatedAt?: string | null
}

/** GET /messages/:ticketId answer: one page, newest page first, each page in chronological order. */
export interface MessagesAnswer {
  messages: Message[]
  hasMore: boolean
  count?: number
  ticket?: unknown
}

/** `appMessage` topic frames. */
export interface AppMessageFrame {
  action: 'create' | 'update' | string
  message?: Message
  ticket?: { id: number }
}

export interface TicketNote {
  id: number
  note: string
  ticketId: number
  contactId: number
  userId?: number | null
  user?: { id: number; name: string } | null
  createdAt: string
}

export interface QuickMessage {
  id: number
  shortcode: string
  message: string
  /** The attachment the quick message carries (a file of the company's media), sent with its text. */
  mediaPath?: string | null
  mediaName?: string | null
}

/** The contact as GET /contacts/:id answers it (the fields the drawer shows and edits). */
export interface ContactDetailsData {
  id: number
  name: string
  number: string | null
  email: string | null
  profilePicUrl: string | null
  isGroup?: boolean
  extraInfo?: { id?: number; name: string; value: string }[]
}
