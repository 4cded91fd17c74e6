import type { Queue, ScheduleRow } from './types.ts'
import { fullWeek, isTime } from './types.ts'

/** The queue dialog's values as the inputs hold them (order as text, so it can be empty). */
export interface QueueForm {
  name: string
  color: string
  orderQueue: string
  greetingMessage: string
  outOfHoursMessage: string
  schedules: ScheduleRow[]
  /** The AI prompt that answers the queue's customers (offered by a prompts module); sent back as loaded otherwise. */
  promptId: number | null
  /** The integration that serves the queue's customers first (offered by an integrations module); sent back as loaded otherwise. */
  integrationId: number | null
}

export type QueueFormErrors = Partial<Record<'name' | 'color' | 'orderQueue' | 'schedules', string>>

export const emptyForm = (color: string): QueueForm => ({ name: '', color, orderQueue: '', greetingMessage: '', outOfHoursMessage: '', schedules: fullWeek([]), promptId: null, integrationId: null })

export const formOf = (q: Queue): QueueForm => ({
  name: q.name, color: q.color, orderQueue: q.orderQueue == null ? '' : String(q.orderQueue),
  greetingMessage: q.greetingMessage ?? '', outOfHoursMessage: q.outOfHoursMessage ?? '', schedules: fullWeek(q.schedules),
  promptId: q.promptId ?? null, integrationId: q.integrationId ?? null,
})

/** The spec's rules: name 2-50, colour 3-9; i18n keys of the queues namespace. */
export function validateQueue(v: QueueForm): QueueFormErrors {
  const errors: QueueFormErrors = {}
  const name = v.name.trim()
  if (!name) errors.name = 'queues:validation.required'
  else if (name.length < 2) errors.name = 'queues:validation.tooShort'
  else if (name.length > 50) errors.name = 'queues:validation.tooLong'
  if (!v.color) errors.color = 'queues:validation.required'
  else if (v.color.length < 3 || v.color.length > 9 || !/^#?[0-9A-Za-z]+$/.test(v.color)) errors.color = 'queues:validation.color'
  if (v.orderQueue !== '' && !/^\d{1,6}$/.test(v.orderQueue)) errors.orderQueue = 'queues:validation.tooLong'
  if (v.schedules.some((r) => (r.startTime && !isTime(r.startTime)) || (r.endTime && !isTime(r.endTime)))) errors.schedules = 'queues:validation.time'
  return errors
}

/** The body of POST/PUT /queue. */
export const payloadOf = (v: QueueForm) => ({
  name: v.name.trim(),
  color: v.color,
  orderQueue: v.orderQueue === '' ? null : Number(v.orderQueue),
  greetingMessage: v.greetingMessage,
  outOfHoursMessage: v.outOfHoursMessage,
  schedules: v.schedules.map(({ weekdayEn, startTime, endTime }) => ({ weekdayEn, startTime, endTime })),
  promptId: v.promptId,
  integrationId: v.integrationId,
})
