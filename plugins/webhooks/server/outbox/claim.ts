import type { FastifyInstance } from 'fastify'
import { WebhookDelivery } from '../models.ts'

/** Due and waiting, or claimed by a worker that died (a delivery takes at most the timeout). */
function claimable(app: FastifyInstance, now: Date) {
  const stale = new Date(now.getTime() - app.webhooks.options.claimTimeoutMs)
  return app.bind(WebhookDelivery).query().unscoped()
    .where((w) => w.where((p) => p.where('status', 'pending').where('nextAt', '<=', now)).orWhere((s) => s.where('status', 'sending').where('claimedAt', '<', stale)))
}

/**
 * Claims up to `limit` due deliveries for this worker. A delivery is a candidate only when its endpoint is enabled
 * and no earlier delivery of the same order key (ticket) to that endpoint is still waiting or on its way: a
 * ticket's events reach a receiver in order, each after the previous was delivered or given up. Each claim is one
 * conditional UPDATE, so however many workers and instances look at once, a row is claimed by one.
 */
export async function claimDue(app: FastifyInstance, limit: number, now = new Date()): Promise<WebhookDelivery[]> {
  const candidates = await claimable(app, now)
    .whereExists((e) => e.select(1).from('webhookEndpoints').whereColumn('webhookEndpoints.id', 'webhookDeliveries.endpointId').where('webhookEndpoints.enabled', true))
    .whereNotExists((p) => p.select(1).from('webhookDeliveries as earlier')
      .whereColumn('earlier.endpointId', 'webhookDeliveries.endpointId').whereColumn('earlier.orderKey', 'webhookDeliveries.orderKey')
      .whereColumn('earlier.id', '<', 'webhookDeliveries.id').whereIn('earlier.status', ['pending', 'sending']))
    .orderBy('id').limit(limit).select('id', 'companyId')
  const claimed: WebhookDelivery[] = []
  for (const c of candidates) {
    const n = await claimable(app, now).where('id', c.id).patch({
      status: 'sending', claimedAt: new Date().toISOString(), attempts: app.knex.raw('attempts + 1') as unknown as number,
    })
    if (!n) continue
    const row = await app.bind(WebhookDelivery).query().forCompany(c.companyId).findById(c.id)
    if (row) claimed.push(row)
  }
  return claimed
}
