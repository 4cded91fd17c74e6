import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { toIso } from '@zapdesk/plugin-api'
import { newMessageId } from '@zapdesk/connections/public'
import { CampaignShipping, type ShippingState } from '../models.ts'
import { campaignSettingsOf } from '../settings/settings.ts'

const PACING = 'campaign_pacing'
/**
 * A row left 'sending' longer than this was claimed by a worker that died (a send with its retries takes seconds):
 * it is claimed again, and the send first asks the channel whether its message left (send-row.ts).
 */
export const claimTimeoutMs = (): number => Number(process.env.ZAPDESK_CAMPAIGN_CLAIM_TIMEOUT_MS) || 60_000

export interface Claimed {
  row: CampaignShipping
  /** The state it was claimed from: 'pending' and 'confirmed' are fresh, 'sending' a dead worker's. */
  from: ShippingState
}

/** waitMs: the pacing allows the next send at nextAt (epoch ms). */
export type ClaimResult = { claimed: Claimed } | { waitMs: number; nextAt: number } | { idle: true }

/** Rows of campaigns that send: running ones, and finished ones whose recipients confirmed after the end. */
function claimable(trx: Knex.Transaction, whatsappId: number, states: ShippingState[]) {
  return trx('campaignShipping as s').join('campaigns as c', 'c.id', 's.campaignId')
    .where('s.whatsappId', whatsappId).whereIn('s.state', states)
    .where((q) => q.where('c.status', 'EM_ANDAMENTO').orWhere((f) => f.where('c.status', 'FINALIZADA').where('s.state', 'confirmed')))
    .orderBy('s.id').first('s.id', 's.state')
}

/**
 * Takes the connection's next recipient, if its pacing allows a send now. One transaction holds the connection's
 * pacing row (locked on MariaDB; SQLite has one writer), so the intervals hold however many instances dispatch:
 * the claim moves the row to 'sending' with its message id fixed, and moves the pacing on by messageInterval
 * (greaterInterval after every longerIntervalAfter sends).
 */
export async function claimNext(app: FastifyInstance, companyId: number, whatsappId: number, now = Date.now()): Promise<ClaimResult> {
  const settings = await campaignSettingsOf(app, companyId)
  // Outside the transaction: an INSERT IGNORE that meets the row holds a shared lock on it to the end of its
  // transaction, and two claims each holding one while asking FOR UPDATE deadlock on MariaDB.
  await app.knex(PACING).insert({ whatsappId, companyId, nextAt: new Date(now), sent: 0 }).onConflict('whatsappId').ignore()
  return app.knex.transaction(async (trx) => {
    const pacingQuery = trx(PACING).where({ whatsappId }).first('nextAt', 'sent')
    const pacing = (await (app.dialect === 'sqlite' ? pacingQuery : pacingQuery.forUpdate())) as { nextAt: Date | string | number; sent: number }
    const nextAt = new Date(toIso(pacing.nextAt)!).getTime()
    if (nextAt > now) return { waitMs: nextAt - now, nextAt }
    const stale = await claimable(trx, whatsappId, ['sending']).where('s.claimedAt', '<', new Date(now - claimTimeoutMs()))
    const next = (stale ?? (await claimable(trx, whatsappId, ['pending', 'confirmed']))) as { id: number; state: ShippingState } | undefined
    if (!next) return { idle: true }
    const row = await app.bind(CampaignShipping).query(trx).forCompany(companyId).findById(next.id)
    if (!row) return { idle: true }
    const claimedAt = new Date(now).toISOString()
    const patch = { state: 'sending' as const, claimedAt, attempts: row.attempts + 1, externalId: row.externalId ?? newMessageId() }
    await app.bind(CampaignShipping).query(trx).forCompany(companyId).findById(row.id).patch(patch)
    const sent = pacing.sent + 1
    const longer = settings.longerIntervalAfter > 0 && sent >= settings.longerIntervalAfter
    const pause = (longer ? settings.greaterInterval : settings.messageInterval) * 1000
    await trx(PACING).where({ whatsappId }).update({ nextAt: new Date(now + pause), sent: longer ? 0 : sent })
    return { claimed: { row: Object.assign(row, patch), from: next.state } }
  })
}
