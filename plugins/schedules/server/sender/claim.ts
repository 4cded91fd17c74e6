import type { FastifyInstance } from 'fastify'
import { newMessageId } from '@zapdesk/tickets/public'
import { Schedule } from '../models.ts'

/**
 * A row left 'sending' longer than this was claimed by a worker that died (a send takes milliseconds): it is claimed
 * again, and sent under the id fixed at its first claim, so the tickets service answers the message already stored
 * rather than storing a second one.
 */
export const claimTimeoutMs = (): number => Number(process.env.ZAPDESK_SCHEDULE_CLAIM_TIMEOUT_MS) || 60_000

/** Due and waiting, or claimed by a worker that died. */
function claimable(app: FastifyInstance, now: Date) {
  const stale = new Date(now.getTime() - claimTimeoutMs())
  return app.bind(Schedule).query().unscoped()
    .where((w) => w.where((p) => p.where('status', 'pending').where('sendAt', '<=', now)).orWhere((s) => s.where('status', 'sending').where('claimedAt', '<', stale)))
}

/**
 * Claims up to `limit` due schedules for this worker. Each claim is one conditional UPDATE (the row must still be
 * claimable), so however many workers and instances look at once, each row is claimed by one. The message id is
 * kept from an earlier claim and chosen otherwise.
 */
export async function claimDue(app: FastifyInstance, limit: number, now = new Date()): Promise<Schedule[]> {
  const candidates = await claimable(app, now).orderBy('sendAt').orderBy('id').limit(limit).select('id', 'companyId')
  const claimed: Schedule[] = []
  for (const c of candidates) {
    const claimedAt = new Date()
    const n = await claimable(app, now).where('id', c.id).patch({
      status: 'sending', claimedAt: claimedAt.toISOString(), attempts: app.knex.raw('attempts + 1') as unknown as number,
      messageKey: app.knex.raw('coalesce(message_key, ?)', [newMessageId()]) as unknown as string,
    })
    if (!n) continue
    const row = await app.bind(Schedule).query().forCompany(c.companyId).findById(c.id)
    if (row) claimed.push(row)
  }
  return claimed
}
