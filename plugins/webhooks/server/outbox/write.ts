import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { WebhookDelivery, type WebhookEndpoint } from '../models.ts'

/**
 * Writes one outbox row per endpoint for an event that just happened: the body is fixed now (a retry days later
 * posts what was true then) and carries the id receivers drop duplicates by. Delivery is the worker's (worker.ts).
 */
export async function writeOutbox(
  app: FastifyInstance, companyId: number, endpoints: WebhookEndpoint[], event: string, orderKey: string | null, data: Record<string, unknown>,
): Promise<WebhookDelivery[]> {
  const now = new Date()
  const rows: WebhookDelivery[] = []
  for (const endpoint of endpoints) {
    const uuid = randomUUID()
    const body = JSON.stringify({ id: uuid, event, createdAt: now.toISOString(), companyId, data })
    rows.push(await app.bind(WebhookDelivery).query().forCompany(companyId).insert({
      endpointId: endpoint.id, uuid, event, orderKey, body, status: 'pending', attempts: 0, nextAt: now.toISOString(), claimedAt: null,
      expiresAt: new Date(now.getTime() + app.webhooks.options.giveUpMs).toISOString(), deliveredAt: null, httpStatus: null, durationMs: null, error: null,
    }))
  }
  return rows
}
