import type { FastifyInstance } from 'fastify'
import { AppError, type JobDefinition } from '@zapdesk/plugin-api'
import '@zapdesk/connections/public'
import { ContactListItem } from '../models.ts'
import { itemDto } from './serialize.ts'

/** The job that checks an imported list's numbers; its full name (the core prefixes a plugin's jobs). */
export const CHECK_JOB = 'campaigns:checkNumbers'
const BATCH = 100

/**
 * Whether a number is on WhatsApp, asked of the company's connected connection: true or false when the channel
 * answered, null when it could not be asked (no connection up, the channel failing). A campaign skips only false.
 */
export async function whatsappValidity(app: FastifyInstance, companyId: number, number: string): Promise<boolean | null> {
  if (!number) return false
  const whatsappId = await app.channels.connectedFor(companyId)
  if (!whatsappId) return null
  try {
    await app.channels.checkNumber(companyId, whatsappId, number)
    return true
  } catch (err) {
    if (err instanceof AppError && err.code === 'ERR_WAPP_INVALID_CONTACT') return false
    return null
  }
}

/**
 * Checks a list's unchecked numbers one at a time (an import of thousands must not look like a burst to WhatsApp),
 * publishing each answer; stops when no connection is up (the numbers stay unchecked). Idempotent: it only picks
 * rows still unchecked.
 */
export async function checkListNumbers(app: FastifyInstance, companyId: number, contactListId: number): Promise<number> {
  let checked = 0
  let after = 0
  for (;;) {
    const rows = await app.bind(ContactListItem).query().forCompany(companyId).where({ contactListId }).whereNull('isWhatsappValid')
      .where('id', '>', after).orderBy('id').limit(BATCH)
    if (!rows.length) return checked
    for (const row of rows) {
      after = row.id
      const valid = await whatsappValidity(app, companyId, row.number)
      if (valid === null) return checked
      const saved = await app.bind(ContactListItem).query().forCompany(companyId).patchAndFetchById(row.id, { isWhatsappValid: valid })
      if (!saved) continue
      checked++
      app.realtime.publish({ companyId, topic: 'contact-list-item', data: { action: 'update', contactListId, record: itemDto(saved) } })
    }
  }
}

export const checkNumbersJob: JobDefinition<{ companyId: number; contactListId: number }> = {
  concurrency: 1,
  retries: 2,
  handler: async ({ companyId, contactListId }, _job, app) => {
    await checkListNumbers(app, companyId, contactListId)
  },
}
