import { TenantModel } from '@zapdesk/plugin-api'

export const SCHEDULE_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number]

export class Schedule extends TenantModel {
  static tableName = 'scheduledMessages'
  static dateColumns = ['createdAt', 'updatedAt', 'sendAt', 'sentAt', 'claimedAt']

  contactId!: number
  userId!: number | null
  body!: string
  sendAt!: string
  sentAt!: string | null
  status!: ScheduleStatus
  mediaPath!: string | null
  mediaName!: string | null
  /** The channel message id chosen at the claim (the ticket message is stored and sent under it). */
  messageKey!: string | null
  messageId!: number | null
  ticketId!: number | null
  claimedAt!: string | null
  attempts!: number
  error!: string | null
}
