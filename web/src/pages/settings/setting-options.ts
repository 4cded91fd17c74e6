/** The Options tab: every company setting of the spec with the values it accepts. */
export interface SelectSetting {
  key: string
  section: 'service' | 'messages'
  values: string[]
  fallback: string
}

const onOff = ['enabled', 'disabled']

export const SELECT_SETTINGS: SelectSetting[] = [
  { key: 'userRating', section: 'service', values: onOff, fallback: 'disabled' },
  { key: 'scheduleType', section: 'service', values: ['disabled', 'queue', 'company'], fallback: 'disabled' },
  { key: 'CheckMsgIsGroup', section: 'service', values: onOff, fallback: 'enabled' },
  { key: 'call', section: 'service', values: onOff, fallback: 'enabled' },
  { key: 'chatBotType', section: 'service', values: ['text'], fallback: 'text' },
  { key: 'campaignsEnabled', section: 'service', values: ['true', 'false'], fallback: 'false' },
  { key: 'sendGreetingAccepted', section: 'messages', values: onOff, fallback: 'enabled' },
  { key: 'sendMsgTransfTicket', section: 'messages', values: onOff, fallback: 'disabled' },
  { key: 'sendGreetingMessageOneQueues', section: 'messages', values: onOff, fallback: 'disabled' },
  { key: 'language', section: 'messages', values: ['pt', 'en', 'es'], fallback: 'pt' },
]

/** The payment-provider token is free text. */
export const TEXT_SETTINGS = ['asaas']

export function settingValue(settings: { key: string; value: string }[], key: string, fallback = ''): string {
  return settings.find((s) => s.key === key)?.value ?? fallback
}

/** The Schedules tab exists only while business hours are managed for the whole company. */
export const showsCompanySchedules = (settings: { key: string; value: string }[]): boolean =>
  settingValue(settings, 'scheduleType') === 'company'

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

/** Portuguese labels the server stores beside the English weekday. */
export const WEEKDAY_PT: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
}

export const isTime = (v: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(v)

export interface ScheduleRow {
  weekday: string
  weekdayEn: string
  startTime: string
  endTime: string
}

/** Fills the week in order from what the server has, with empty times for missing days. */
export function normalizeSchedules(existing: ScheduleRow[] | null | undefined): ScheduleRow[] {
  return WEEKDAYS.map((day) => {
    const found = existing?.find((s) => s.weekdayEn === day)
    return { weekday: WEEKDAY_PT[day], weekdayEn: day, startTime: found?.startTime ?? '', endTime: found?.endTime ?? '' }
  })
}
