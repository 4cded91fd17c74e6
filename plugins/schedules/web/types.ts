export type ScheduleStatus = 'pending' | 'sending' | 'sent' | 'failed'

export interface Schedule {
  id: number
  companyId: number
  body: string
  contactId: number
  contact: { id: number; name: string; number: string } | null
  sendAt: string
  sentAt: string | null
  status: ScheduleStatus
  error: string | null
  mediaPath: string | null
  mediaName: string | null
  userId: number | null
  ticketId: number | null
}

export interface SchedulesAnswer {
  schedules: Schedule[]
  count: number
  hasMore: boolean
}

export type ScheduleEvent = { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; scheduleId: number }

/** A contact as the picker shows it. */
export interface ContactOption {
  id: number
  name: string
  number: string | null
}
