import type { FastifyInstance } from 'fastify'
import '@zapdesk/connections/public'
import type { InboundEvent } from '@zapdesk/connections/public'
import { CampaignShipping } from '../models.ts'
import { scheduleDispatch } from './dispatch.ts'
import { touchProgress } from './progress.ts'
import type { AwaitingWatch } from './awaiting-watch.ts'

/** The phone number of whoever wrote a private message, when the channel tells it. */
function senderNumber(event: InboundEvent): string | null {
  if (event.kind !== 'message' || event.fromMe || event.chat.isGroup) return null
  return event.chat.number ?? event.sender?.number ?? null
}

/**
 * The confirmation flow: a recipient asked to confirm who writes back on the campaign's connection has confirmed;
 * the campaign's message then goes out on the connection's next run.
 */
export async function confirmFromReply(app: FastifyInstance, watch: AwaitingWatch, companyId: number, whatsappId: number, event: InboundEvent): Promise<number> {
  const number = senderNumber(event)
  if (!number || !(await watch.mayAwait(companyId, whatsappId))) return 0
  const waiting = await app.bind(CampaignShipping).query().forCompany(companyId).where({ whatsappId, number, state: 'awaiting' }).select('id', 'campaignId')
  if (!waiting.length) return 0
  const n = await app.bind(CampaignShipping).query().forCompany(companyId).whereIn('id', waiting.map((w) => w.id)).where('state', 'awaiting')
    .patch({ state: 'confirmed', confirmedAt: new Date().toISOString() })
  for (const campaignId of new Set(waiting.map((w) => w.campaignId))) touchProgress(app, companyId, campaignId)
  await scheduleDispatch(app, { companyId, whatsappId }, 0, `reply-${Date.now()}`)
  return n
}
