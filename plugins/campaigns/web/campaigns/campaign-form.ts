import type { MediaValue } from '@zapdesk/plugin-api/web'
import type { Campaign } from '../types.ts'
import { nameError } from '../rules.ts'

export const VARIANTS = [1, 2, 3, 4, 5] as const

export interface CampaignValues {
  name: string
  whatsappId: string
  contactListId: string
  tagListId: string
  fileListId: string
  /** The datetime-local input's value ('YYYY-MM-DDTHH:mm', the company's wall clock) or ''. */
  scheduledAt: string
  confirmation: boolean
  messages: string[]
  confirmations: string[]
  media: MediaValue
}

/** The wall clock of an instant in a timezone, as a datetime-local input shows it. */
export function wallClock(iso: string | null, timezone: string): string {
  if (!iso) return ''
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(iso)).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

export const valuesOf = (c: Campaign | undefined, timezone: string): CampaignValues => ({
  name: c?.name ?? '',
  whatsappId: c?.whatsappId ? String(c.whatsappId) : '',
  contactListId: c?.contactListId ? String(c.contactListId) : '',
  tagListId: c?.tagListId ? String(c.tagListId) : '',
  fileListId: c?.fileListId ? String(c.fileListId) : '',
  scheduledAt: wallClock(c?.scheduledAt ?? null, timezone),
  confirmation: c?.confirmation ?? false,
  messages: VARIANTS.map((n) => (c ? c[`message${n}`] : '')),
  confirmations: VARIANTS.map((n) => (c ? c[`confirmationMessage${n}`] : '')),
  media: { file: null, saved: c?.mediaName ?? null },
})

const idOrNull = (v: string) => (v ? Number(v) : null)

/** The spec's payload: scheduledAt as 'YYYY-MM-DD HH:mm:ss', empty strings as null. */
export function bodyOf(v: CampaignValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: v.name.trim(), confirmation: v.confirmation,
    whatsappId: idOrNull(v.whatsappId), contactListId: idOrNull(v.contactListId), tagListId: idOrNull(v.tagListId), fileListId: idOrNull(v.fileListId),
    scheduledAt: v.scheduledAt ? `${v.scheduledAt.replace('T', ' ')}:00` : null,
  }
  VARIANTS.forEach((n, i) => {
    body[`message${n}`] = v.messages[i].trim() ? v.messages[i] : null
    body[`confirmationMessage${n}`] = v.confirmations[i].trim() ? v.confirmations[i] : null
  })
  return body
}

/** The form's checks: a name always; with a schedule, what the server needs to send (connection, recipients, text). */
export function checkCampaign(v: CampaignValues): Partial<Record<keyof CampaignValues, string>> {
  const errors: Partial<Record<keyof CampaignValues, string>> = {}
  const name = nameError(v.name)
  if (name) errors.name = name
  if (!v.scheduledAt) return errors
  if (!v.whatsappId) errors.whatsappId = 'campaigns:dialog.needsWhatsapp'
  if (!v.contactListId && !v.tagListId) errors.contactListId = 'campaigns:dialog.needsTarget'
  if (!v.messages.some((m) => m.trim())) errors.messages = 'campaigns:dialog.needsMessage'
  if (v.confirmation && !v.confirmations.some((m) => m.trim())) errors.confirmations = 'campaigns:dialog.needsConfirmation'
  return errors
}

/** The spec's edit lock, as the server applies it: INATIVA, CANCELADA, or PROGRAMADA more than an hour ahead. */
export function isEditable(c: Pick<Campaign, 'status' | 'scheduledAt'> | undefined, now = Date.now()): boolean {
  if (!c || c.status === 'INATIVA' || c.status === 'CANCELADA') return true
  if (c.status === 'PROGRAMADA') return !c.scheduledAt || new Date(c.scheduledAt).getTime() - now > 3600_000
  return false
}
