import type { FastifyInstance } from 'fastify'
import { TEST_EVENT } from './catalogue.ts'
import { writeOutbox } from './outbox/write.ts'
import { WebhookEndpoint } from './models.ts'

/**
 * An endpoint of the company with one delivery in its log, for the cross-tenant checks (`webhooks` fills
 * /webhooks/:id, `deliveryId` the delivery). Disabled, so no worker ever posts it anywhere.
 */
export async function sampleWebhook(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number>> {
  const endpoint = await app.webhooks.create(companyId, {
    name: `Receptor ${marker}`, url: `https://hooks.example.com/${marker}`, secret: `segredo-${marker}-0123456789`, events: ['ticket.opened'], enabled: false,
  })
  const row = (await app.bind(WebhookEndpoint).query().forCompany(companyId).findById(endpoint.id))!
  const [delivery] = await writeOutbox(app, companyId, [row], TEST_EVENT, null, { marker })
  return { webhooks: endpoint.id, deliveryId: delivery.id }
}
