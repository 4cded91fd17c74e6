import type { FastifyInstance } from 'fastify'
import type { WebhookEndpoint } from './models.ts'
import './types.ts'

/** A company's enabled endpoints are read again after this long even without a change heard (a lost Redis message). */
const KEPT_MS = 60_000

/**
 * The enabled endpoints of each company, in memory: the outbox writer asks on every domain event (every message
 * stored), and most companies have none. A change (create, update, delete) is announced on every instance by the
 * cluster event webhook.endpointsChanged, which drops that company's entry at once.
 */
export class EndpointCache {
  private byCompany = new Map<number, { at: number; rows: Promise<WebhookEndpoint[]> }>()

  constructor(app: FastifyInstance, private load: (companyId: number) => Promise<WebhookEndpoint[]>) {
    app.events.on('webhook.endpointsChanged', ({ companyId }) => void this.byCompany.delete(companyId), { scope: 'cluster' })
  }

  enabled(companyId: number): Promise<WebhookEndpoint[]> {
    const kept = this.byCompany.get(companyId)
    if (kept && Date.now() - kept.at < KEPT_MS) return kept.rows
    const rows = this.load(companyId)
    const entry = { at: Date.now(), rows }
    this.byCompany.set(companyId, entry)
    // A failed read is not kept: the next event reads again.
    rows.catch(() => this.byCompany.get(companyId) === entry && this.byCompany.delete(companyId))
    return rows
  }
}
