import type { FastifyInstance } from 'fastify'

/** An integration of the company for the cross-tenant checks (`queueIntegration` fills /queueIntegration/:id). */
export async function sampleIntegration(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number>> {
  const hook = await app.integrations.create(companyId, { type: 'webhook', name: `Webhook ${marker}`, urlN8N: `https://hooks.example.com/${marker}`, secret: `s-${marker}` })
  return { queueIntegration: hook.id }
}
