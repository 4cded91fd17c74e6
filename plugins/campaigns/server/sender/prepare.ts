import type { FastifyInstance } from 'fastify'
import type { JobDefinition } from '@zapdesk/plugin-api'
import '@zapdesk/contacts/public'
import '@zapdesk/tickets/public'
import { Campaign, CampaignShipping, ContactListItem } from '../models.ts'
import { CONFIRMATION_FIELDS, MESSAGE_FIELDS } from '../campaigns/serialize.ts'
import { campaignSettingsOf } from '../settings/settings.ts'
import { fillCampaignText, type Recipient } from './variables.ts'

export const PREPARE_JOB = 'campaigns:prepare'
const READ_BATCH = 1000

interface Variant {
  message: string
  confirmation: string | null
}

/** The campaign's messages (1 to 5), each with its own confirmation text or, without one, the first there is. */
export function variantsOf(c: Campaign): Variant[] {
  const confirmations = CONFIRMATION_FIELDS.map((f) => c[f]?.trim() || null)
  const firstConfirmation = confirmations.find(Boolean) ?? null
  return MESSAGE_FIELDS.flatMap((f, i) => (c[f]?.trim() ? [{ message: c[f]!, confirmation: confirmations[i] ?? firstConfirmation }] : []))
}

/** The recipients, in a stable order (so a preparation run again picks the same variant for each), a batch at a time. */
async function* recipients(app: FastifyInstance, c: Campaign): AsyncGenerator<Recipient[]> {
  if (c.contactListId) {
    let after = 0
    for (;;) {
      const rows = await app.bind(ContactListItem).query().forCompany(c.companyId).where({ contactListId: c.contactListId }).where('id', '>', after)
        .where((q) => q.whereNull('isWhatsappValid').orWhere('isWhatsappValid', true)).whereNot('number', '').orderBy('id').limit(READ_BATCH)
      if (!rows.length) return
      after = rows[rows.length - 1].id
      yield rows.map((r) => ({ name: r.name, number: r.number, email: r.email ?? '' }))
    }
  }
  if (c.tagListId) {
    const ids = await app.tickets.activity.contactIdsTagged(c.companyId, c.tagListId)
    for (let i = 0; i < ids.length; i += READ_BATCH) {
      const contacts = await app.contacts.byIds(c.companyId, ids.slice(i, i + READ_BATCH))
      yield [...contacts.values()].filter((k) => !k.isGroup && k.number).map((k) => ({ name: k.name, number: k.number!, email: k.email ?? '' }))
    }
  }
}

/**
 * Writes one shipping row per recipient of a running campaign, with its message (variant by turn, variables filled)
 * and confirmation text, then marks the campaign prepared. Idempotent: rows are unique per campaign and number, so a
 * run cut short by a crash is simply run again.
 */
export async function prepareCampaign(app: FastifyInstance, companyId: number, campaignId: number): Promise<number> {
  const c = await app.bind(Campaign).query().forCompany(companyId).findById(campaignId)
  if (!c || c.status !== 'EM_ANDAMENTO' || c.preparedAt || !c.whatsappId) return 0
  const variants = variantsOf(c)
  const markPrepared = () => app.bind(Campaign).query().forCompany(companyId).findById(campaignId).whereNull('preparedAt').patch({ preparedAt: new Date().toISOString() })
  // Scheduling refuses a campaign without a message; one emptied later has nobody to send to, and finishes.
  if (!variants.length) return (await markPrepared(), 0)
  const { variables } = await campaignSettingsOf(app, companyId)
  const insertBatch = app.dialect === 'sqlite' ? 400 : 1000
  let turn = 0
  let written = 0
  const now = new Date()
  for await (const batch of recipients(app, c)) {
    const rows = batch.map((r) => {
      const v = variants[turn++ % variants.length]
      return {
        companyId, campaignId, whatsappId: c.whatsappId!, number: r.number, name: r.name.slice(0, 100), email: r.email.slice(0, 255),
        message: fillCampaignText(v.message, r, variables), confirmationMessage: c.confirmation && v.confirmation ? fillCampaignText(v.confirmation, r, variables) : null,
        state: 'pending', partsDone: 0, attempts: 0, createdAt: now,
      }
    })
    for (let i = 0; i < rows.length; i += insertBatch) {
      await app.knex(CampaignShipping.tableName).insert(rows.slice(i, i + insertBatch)).onConflict(['campaignId', 'number']).ignore()
    }
    written += rows.length
  }
  await markPrepared()
  return written
}

export const prepareJob: JobDefinition<{ companyId: number; campaignId: number }> = {
  concurrency: 2,
  retries: 5,
  handler: async ({ companyId, campaignId }, _job, app) => {
    await prepareCampaign(app, companyId, campaignId)
  },
}
