import { apiCall, type TestHeaders } from '@zapdesk/plugin-api/testing'
import type { FastifyInstance } from 'fastify'
import { WEEKDAYS, type ScheduleEntry } from './opening-hours.ts'
import { WEEKDAY_LABELS } from './schedules.ts'

export type Headers = TestHeaders

export const call = apiCall

let colors = 0
/** A valid queue body with a colour no other test queue has. */
export const queueBody = (over: Record<string, unknown> = {}) => ({ name: 'Vendas', color: `#${(0x100000 + colors++).toString(16)}`, ...over })

export async function createQueue(app: FastifyInstance, headers: Headers, over: Record<string, unknown> = {}): Promise<{ id: number; name: string; color: string }> {
  const res = await call(app, 'POST', '/queue', headers, queueBody(over))
  if (res.statusCode !== 201) throw new Error(`queue not created: ${res.statusCode} ${res.body}`)
  return res.json()
}

export async function createOption(app: FastifyInstance, headers: Headers, body: Record<string, unknown>): Promise<{ id: number; option: number }> {
  const res = await call(app, 'POST', '/queue-options', headers, body)
  if (res.statusCode !== 201) throw new Error(`option not created: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** The spec's business week (Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sun closed): the web offers it, tests use it. */
export function specWeek(): ScheduleEntry[] {
  return WEEKDAYS.map((day) => ({
    weekday: WEEKDAY_LABELS[day],
    weekdayEn: day,
    startTime: day === 'sunday' ? '00:00' : '08:00',
    endTime: day === 'sunday' ? '00:00' : day === 'saturday' ? '12:00' : '18:00',
  }))
}
