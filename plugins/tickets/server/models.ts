import { TenantModel } from '@zapdesk/plugin-api'

export type TicketStatus = 'pending' | 'open' | 'closed'
export const TICKET_STATUSES: readonly TicketStatus[] = ['pending', 'open', 'closed']

/** A conversation with a contact over one connection. `active` is 1 while pending/open, NULL once closed. */
export class Ticket extends TenantModel {
  static tableName = 'tickets'
  static booleanColumns = ['isGroup', 'chatbot', 'awaitingRating', 'useIntegration']
  static dateColumns = ['createdAt', 'updatedAt', 'lastMessageAt', 'botStartedAt', 'transferAt', 'outOfHoursAt']

  uuid!: string
  status!: TicketStatus
  active!: 1 | null
  contactId!: number
  whatsappId!: number | null
  userId!: number | null
  queueId!: number | null
  lastMessage!: string | null
  lastMessageAt!: string | null
  unreadMessages!: number
  isGroup!: boolean
  chatbot!: boolean
  queueOptionId!: number | null
  amountUsedBotQueues!: number
  botStartedAt!: string | null
  awaitingRating!: boolean
  transferAt!: string | null
  outOfHoursAt!: string | null
  useIntegration!: boolean
  integrationId!: number | null
  promptId!: number | null
}

/** queued -> sending (claimed by one worker) -> sent | failed; see messages/send-state.ts. */
export type SendStatus = 'queued' | 'sending' | 'sent' | 'failed'

/** One message of a ticket, inbound or outbound. */
export class Message extends TenantModel {
  static tableName = 'messages'
  static booleanColumns = ['fromMe', 'read', 'isDeleted', 'isEdited']

  ticketId!: number
  contactId!: number | null
  whatsappId!: number | null
  externalId!: string | null
  body!: string
  fromMe!: boolean
  read!: boolean
  mediaType!: string
  mediaPath!: string | null
  mediaName!: string | null
  mediaMimetype!: string | null
  quotedMsgId!: number | null
  ack!: number
  isDeleted!: boolean
  isEdited!: boolean
  participant!: string | null
  userId!: number | null
  sendStatus!: SendStatus | null
  sendError!: string | null
  sendAttempts!: number
  raw!: string | null
}

/** An agent's note about a ticket's contact. */
export class TicketNote extends TenantModel {
  static tableName = 'ticketNotes'

  ticketId!: number
  contactId!: number
  userId!: number | null
  note!: string
}

/** One service cycle of a ticket: started (created or reopened), accepted by an agent, finished. */
export class TicketCycle extends TenantModel {
  static tableName = 'ticketCycles'
  static dateColumns = ['createdAt', 'updatedAt', 'startedAt', 'acceptedAt', 'finishedAt']

  ticketId!: number
  whatsappId!: number | null
  queueId!: number | null
  userId!: number | null
  startedAt!: string
  acceptedAt!: string | null
  finishedAt!: string | null
}

/** A contact's answer (1-3) to the rating request sent when the ticket closed. */
export class TicketRating extends TenantModel {
  static tableName = 'ticketRatings'

  ticketId!: number
  userId!: number | null
  rate!: number
}
