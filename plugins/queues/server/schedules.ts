import { Type } from '@zapdesk/plugin-api'
import { WEEKDAYS, type ScheduleEntry } from './opening-hours.ts'

/** Portuguese labels stored beside the English weekday, as the company schedules do. */
export const WEEKDAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Segunda-feira', tuesday: 'Terça-feira', wednesday: 'Quarta-feira', thursday: 'Quinta-feira',
  friday: 'Sexta-feira', saturday: 'Sábado', sunday: 'Domingo',
}

const Time = Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d)?$' })

export const SchedulesSchema = Type.Array(Type.Object({
  weekday: Type.Optional(Type.String({ maxLength: 30 })),
  weekdayEn: Type.Union(WEEKDAYS.map((d) => Type.Literal(d))),
  startTime: Time,
  endTime: Time,
}), { maxItems: 7 })

/** The week in Monday-first order with the stored labels; a weekday given twice is the caller's mistake. */
export function normalizeSchedules(list: ScheduleEntry[]): ScheduleEntry[] | 'duplicate' {
  const days = new Set(list.map((e) => e.weekdayEn))
  if (days.size !== list.length) return 'duplicate'
  return WEEKDAYS.filter((d) => days.has(d)).map((day) => {
    const e = list.find((x) => x.weekdayEn === day)!
    return { weekday: WEEKDAY_LABELS[day], weekdayEn: day, startTime: e.startTime, endTime: e.endTime }
  })
}
