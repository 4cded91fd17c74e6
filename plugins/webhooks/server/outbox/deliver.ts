import type { FastifyInstance } from 'fastify'
import { OutboundError } from '@zapdesk/plugin-api'
import { WebhookDelivery, WebhookEndpoint } from '../models.ts'
import { retryDelay, webhookCall } from '../options.ts'
import { signatureHeaders } from './sign.ts'

export type Outcome = 'delivered' | 'retry' | 'failed' | 'lost'

/**
 * One attempt at a claimed delivery: the stored body, signed now, posted through the SSRF guard. A 2xx delivers it;
 * anything else waits 30 s, 1 min, 2 min, ... (capped) for the next attempt, until 24 h after the event, then it is
 * 'failed'. Every write is conditional on this worker's claim: a worker that lost it (timed out, claimed again
 * elsewhere) changes nothing.
 */
export async function deliver(app: FastifyInstance, row: WebhookDelivery): Promise<Outcome> {
  const { companyId } = row
  const mine = () => app.bind(WebhookDelivery).query().forCompany(companyId).findById(row.id).where({ status: 'sending', claimedAt: new Date(row.claimedAt!) })
  const endpoint = await app.bind(WebhookEndpoint).query().forCompany(companyId).findById(row.endpointId)
  if (!endpoint || !endpoint.enabled) {
    // Switched off after the claim: back to waiting (disabled endpoints' rows are not claimed).
    await mine().patch({ status: 'pending', attempts: Math.max(0, row.attempts - 1) })
    return 'retry'
  }
  const now = Date.now()
  if (now > new Date(row.expiresAt).getTime()) {
    const n = await mine().patch({ status: 'failed', attempts: Math.max(0, row.attempts - 1), error: 'expired: not delivered within the retry window' })
    return n ? 'failed' : 'lost'
  }
  const headers = {
    'content-type': 'application/json', 'user-agent': 'Zapdesk-Webhooks/1.0',
    'x-zapdesk-event': row.event, 'x-zapdesk-delivery': row.uuid, ...signatureHeaders(app.webhooks.secretOf(endpoint), row.body),
  }
  let status: number | null = null
  let error: string | null = null
  try {
    const res = await webhookCall(app, endpoint.url, { method: 'POST', headers, body: row.body })
    status = res.status
    if (status < 200 || status >= 300) error = `answered ${status}`
  } catch (err) {
    error = err instanceof OutboundError ? `${err.kind}: ${err.message}` : String((err as Error).message ?? err)
  }
  const durationMs = Date.now() - now
  if (error === null) {
    const n = await mine().patch({ status: 'delivered', deliveredAt: new Date().toISOString(), httpStatus: status, durationMs, error: null })
    return n ? 'delivered' : 'lost'
  }
  const nextAt = Date.now() + retryDelay(app.webhooks.options, row.attempts)
  const givenUp = nextAt > new Date(row.expiresAt).getTime()
  const n = await mine().patch({
    status: givenUp ? 'failed' : 'pending', nextAt: new Date(nextAt).toISOString(), httpStatus: status, durationMs, error: error.slice(0, 300),
  })
  if (givenUp) app.log.warn({ companyId, endpointId: endpoint.id, deliveryId: row.id, error }, 'a webhook delivery failed for good')
  return !n ? 'lost' : givenUp ? 'failed' : 'retry'
}
