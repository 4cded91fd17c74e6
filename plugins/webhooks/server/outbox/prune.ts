import type { FastifyInstance } from 'fastify'
import { WebhookDelivery } from '../models.ts'

/**
 * The outbox keeps settled deliveries for the log (and resend) for `keepDays`, then drops them: without this a busy
 * company's table only grows. Rows still waiting are never dropped. Answers how many went.
 */
export async function pruneSettled(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - app.webhooks.options.keepDays * 24 * 60 * 60_000)
  return app.bind(WebhookDelivery).query().unscoped().whereIn('status', ['delivered', 'failed']).where('updatedAt', '<', before).delete()
}
