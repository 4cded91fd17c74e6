import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import '@zapdesk/connections/public'
import '@zapdesk/files/public'
import '@zapdesk/tags/public'
import type { Campaign, CampaignStatus } from '../models.ts'
import { findList } from '../contact-lists/lists.ts'
import { CONFIRMATION_FIELDS, MESSAGE_FIELDS, type CampaignInput } from './serialize.ts'

/** The spec's edit lock: a campaign scheduled less than this ahead can no longer be changed. */
export const EDIT_LOCK_MS = 60 * 60 * 1000

/**
 * The spec: editable while INATIVA, or PROGRAMADA more than an hour ahead; a cancelled campaign still takes changes
 * (its messages above all); running and finished ones are read-only.
 */
export function isEditable(c: Pick<Campaign, 'status' | 'scheduledAt'>, now = Date.now()): boolean {
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true
  if (c.status === 'PROGRAMADA') return !c.scheduledAt || new Date(c.scheduledAt).getTime() - now > EDIT_LOCK_MS
  return false
}

/** A saved campaign's status: a schedule makes it PROGRAMADA, none INATIVA; a cancelled one stays cancelled. */
export function statusAfterSave(current: CampaignStatus | undefined, scheduledAt: Date | null): CampaignStatus {
  if (current === 'CANCELADA') return 'CANCELADA'
  return scheduledAt ? 'PROGRAMADA' : 'INATIVA'
}

type Fields = Pick<Campaign, (typeof MESSAGE_FIELDS)[number] | (typeof CONFIRMATION_FIELDS)[number] | 'confirmation' | 'whatsappId' | 'contactListId' | 'tagListId'>

/**
 * What a campaign needs before it may be scheduled: a connection, recipients (a contact list or a tag), a message
 * and, with confirmation on, a confirmation message. A draft without a schedule may lack them.
 */
export function missingForSchedule(c: Fields): Array<{ field: string; message: string }> {
  const missing: Array<{ field: string; message: string }> = []
  if (!c.whatsappId) missing.push({ field: 'whatsappId', message: 'a connection is needed to schedule' })
  if (!c.contactListId && !c.tagListId) missing.push({ field: 'contactListId', message: 'a contact list or a tag is needed to schedule' })
  if (!MESSAGE_FIELDS.some((f) => c[f]?.trim())) missing.push({ field: 'message1', message: 'at least one message is needed to schedule' })
  if (c.confirmation && !CONFIRMATION_FIELDS.some((f) => c[f]?.trim())) missing.push({ field: 'confirmationMessage1', message: 'a confirmation message is needed' })
  return missing
}

/** Every id a campaign names must be one of the caller's company: another company's answers 404, as if absent. */
export async function assertReferences(app: FastifyInstance, companyId: number, b: Partial<CampaignInput>): Promise<void> {
  if (b.whatsappId && !(await app.connections.row(companyId, b.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 404)
  if (b.contactListId) await findList(app, companyId, b.contactListId)
  if (typeof b.tagListId === 'number') await app.tags.find(companyId, b.tagListId)
  if (b.fileListId) await app.files.get(companyId, b.fileListId)
}
