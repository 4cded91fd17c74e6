/** What the queue screens read from the API (see plugins/queues/server/dto.ts). */
export interface ScheduleRow {
  weekday: string
  weekdayEn: string
  startTime: string
  endTime: string
}

export interface Queue {
  id: number
  name: string
  color: string
  orderQueue: number | null
  greetingMessage: string | null
  outOfHoursMessage: string | null
  integrationId: number | null
  promptId: number | null
  schedules: ScheduleRow[]
  /** In the list: its own hours now ('none': no hours saved, always open). */
  hours?: 'none' | 'open' | 'closed'
}

export interface QueueOptionNode {
  id: number
  queueId: number
  parentId: number | null
  title: string
  message: string | null
  option: number
  children: QueueOptionNode[]
}

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

/** The spec's business week (Mon-Fri 08-18, Sat 08-12), offered in the editor; a new queue starts without hours. */
export function defaultWeek(): ScheduleRow[] {
  return WEEKDAYS.map((day) => ({
    weekday: day,
    weekdayEn: day,
    startTime: day === 'sunday' ? '00:00' : '08:00',
    endTime: day === 'sunday' ? '00:00' : day === 'saturday' ? '12:00' : '18:00',
  }))
}

/** Every weekday once, Monday first, from what the queue has (missing days empty). */
export function fullWeek(rows: ScheduleRow[] | null | undefined): ScheduleRow[] {
  return WEEKDAYS.map((day) => {
    const found = rows?.find((r) => r.weekdayEn === day)
    return { weekday: day, weekdayEn: day, startTime: found?.startTime ?? '', endTime: found?.endTime ?? '' }
  })
}

export const isTime = (v: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(v)
