import type { FieldErrors, MediaValue } from '@zapdesk/plugin-api/web'
import type { ContactOption, Schedule } from './types.ts'

export interface Values {
  contact: ContactOption | null
  body: string
  /** The datetime-local input's value: the browser's wall clock, 'YYYY-MM-DDTHH:mm'. */
  sendAt: string
  media: MediaValue
}

export const BODY_MIN = 5
/** The spec: a new schedule starts one hour ahead. */
export const DEFAULT_LEAD_MS = 3600_000

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant as the datetime-local input shows it, in the browser's zone. */
export function localInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** The spec's rules: body at least 5 characters ('Mensagem muito curta'), contact and time required ('Obrigatório'). */
export function checkSchedule(v: Values, now = Date.now()): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {}
  if (v.body.trim().length < BODY_MIN) errors.body = 'schedules:dialog.tooShort'
  if (!v.contact) errors.contact = 'schedules:dialog.required'
  if (!v.sendAt) errors.sendAt = 'schedules:dialog.required'
  else if (Number.isNaN(new Date(v.sendAt).getTime())) errors.sendAt = 'schedules:dialog.required'
  else if (new Date(v.sendAt).getTime() <= now) errors.sendAt = 'schedules:dialog.past'
  return errors
}

/** The form's values for a schedule being edited, or a new one (for `contact` when one is given). */
export function valuesOf(s: Schedule | undefined, contact: ContactOption | null = null, now = Date.now()): Values {
  if (s) return { contact: s.contact, body: s.body, sendAt: localInput(new Date(s.sendAt)), media: { file: null, saved: s.mediaName } }
  return { contact, body: '', sendAt: localInput(new Date(now + DEFAULT_LEAD_MS)), media: { file: null, saved: null } }
}

export const isEditable = (s: Schedule): boolean => !s.sentAt && (s.status === 'pending' || s.status === 'failed')
