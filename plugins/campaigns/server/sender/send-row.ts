import type { FastifyInstance } from 'fastify'
import { sendFailureOf } from '@zapdesk/connections/public'
import '../types.ts'
import { Campaign, CampaignShipping, type ShippingState } from '../models.ts'
import type { Claimed } from './claim.ts'
import { partId } from './message-id.ts'
import { loadFiles, partsOf, type CampaignFiles, type Part } from './parts.ts'

export type SendOutcome = 'delivered' | 'awaiting' | 'failed' | 'retry' | 'disconnected' | 'gone'

/**
 * Sends a claimed recipient's messages: the confirmation request, or the message and its files. Each part goes out
 * under its id fixed at the claim; a row claimed before (a worker died, or a retry) first asks the channel whether
 * the part already left, so nobody gets a part twice. Every write is conditional on the claim still being this one.
 * A failure a retry may fix puts the row back for a later claim; one that cannot (an invalid number) fails it.
 */
export async function sendRow(app: FastifyInstance, { row, from }: Claimed, files: Map<number, CampaignFiles>): Promise<SendOutcome> {
  const { companyId, whatsappId, number } = row
  const campaign = await app.bind(Campaign).query().forCompany(companyId).findById(row.campaignId)
  if (!campaign) return 'gone'
  const mine = () => app.bind(CampaignShipping).query().forCompany(companyId).findById(row.id).where({ state: 'sending', claimedAt: new Date(row.claimedAt!) })
  const confirming = Boolean(campaign.confirmation && row.confirmationMessage && !row.confirmedAt)
  const retried = row.attempts > 1 || from === 'sending'
  const put = async (id: string, part: Part) => {
    if (retried && (await app.channels.wasSent(companyId, whatsappId, number, id)) === true) return
    await app.channels.sendToNumber(companyId, whatsappId, number, { ...part, id }, { retries: 2, delayMs: 500 })
  }
  try {
    if (confirming) {
      app.events.emit('campaign.awaitingConfirmation', { companyId, whatsappId })
      await put(partId(row.externalId!, 'C'), { body: row.confirmationMessage! })
      await mine().patch({ state: 'awaiting', confirmationRequestedAt: new Date().toISOString(), error: null })
      return 'awaiting'
    }
    if (!files.has(campaign.id)) files.set(campaign.id, await loadFiles(app, campaign))
    const parts = partsOf(row.message, files.get(campaign.id)!)
    for (let i = row.partsDone; i < parts.length; i++) {
      await put(partId(row.externalId!, i), parts[i])
      await mine().patch({ partsDone: i + 1 })
    }
    await mine().patch({ state: 'delivered', deliveredAt: new Date().toISOString(), error: null })
    return 'delivered'
  } catch (err) {
    const failure = sendFailureOf(err)
    // A send cut off on its way may or may not have left; under its fixed id, asking and resending is safe here.
    if (failure.retryable || failure.code === 'ERR_SEND_INTERRUPTED') {
      const back: ShippingState = !confirming && row.confirmedAt ? 'confirmed' : 'pending'
      await mine().patch({ state: back, error: failure.code })
      return failure.code === 'ERR_WAPP_NOT_INITIALIZED' ? 'disconnected' : 'retry'
    }
    await mine().patch({ state: 'failed', error: failure.code })
    app.log.info({ campaignId: row.campaignId, shippingId: row.id, code: failure.code }, 'campaign recipient failed')
    return 'failed'
  }
}
