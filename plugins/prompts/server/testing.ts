import type { FastifyInstance } from 'fastify'
import '@zapdesk/queues/public'

/**
 * A prompt of the company for the cross-tenant checks (`prompt` fills /prompt/:id). Its queue is the one the queues
 * plugin's own fixtures made for the company (that plugin loads first), found through its service.
 */
export async function samplePrompt(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number>> {
  const queue = (await app.queues.list(companyId))[0]
  if (!queue) throw new Error('prompts fixtures: the company has no queue (the queues plugin makes one)')
  const prompt = await app.prompts.create(companyId, {
    name: `Assistente ${marker}`, prompt: `Você atende os clientes da loja ${marker} com cordialidade.`, queueId: queue.id, apiKey: `sk-${marker}`,
  })
  return { prompt: prompt.id }
}
