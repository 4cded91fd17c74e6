import type { FastifyInstance } from 'fastify'
import '../types.ts'
import { CampaignShipping } from '../models.ts'

/** How long a connection's "nobody awaits a confirmation here" answer is trusted before it is read again. */
export const CHECKED_MS = 10_000
/**
 * How long a connection counts as awaiting after a request was announced, whatever the database said meanwhile: the
 * row turns 'awaiting' only once the request was sent, and a check in between must not hide the reply.
 */
const ANNOUNCED_MS = 60_000

interface Known {
  checkedAt: number
  awaiting: boolean
  announcedAt: number
}

/**
 * Which connections have recipients awaiting a confirmation, so the reply check that runs on every inbound message
 * costs a query only where one can match (most connections never run a confirmation campaign). Requests are
 * announced on every instance (a cluster event, before they go out); the database answer is read again every
 * CHECKED_MS, which also ends the watch once every recipient answered.
 */
export class AwaitingWatch {
  private known = new Map<number, Known>()

  constructor(private app: FastifyInstance) {
    app.events.on('campaign.awaitingConfirmation', ({ whatsappId }) => this.announced(whatsappId), { scope: 'cluster' })
  }

  private announced(whatsappId: number): void {
    const k = this.known.get(whatsappId)
    this.known.set(whatsappId, { checkedAt: k?.checkedAt ?? 0, awaiting: k?.awaiting ?? false, announcedAt: Date.now() })
  }

  async mayAwait(companyId: number, whatsappId: number): Promise<boolean> {
    const now = Date.now()
    const k = this.known.get(whatsappId)
    if (k && now - k.announcedAt < ANNOUNCED_MS) return true
    if (k && now - k.checkedAt < CHECKED_MS) return k.awaiting
    const row = await this.app.bind(CampaignShipping).query().forCompany(companyId).where({ whatsappId, state: 'awaiting' }).select('id').first()
    this.known.set(whatsappId, { checkedAt: now, awaiting: Boolean(row), announcedAt: this.known.get(whatsappId)?.announcedAt ?? 0 })
    return Boolean(row)
  }

  forget(whatsappId: number): void {
    this.known.delete(whatsappId)
  }
}
