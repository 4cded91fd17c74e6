import type { FastifyInstance } from 'fastify'
import { AppError, openSecret, sealSecret } from '@zapdesk/plugin-api'
import { WebhookDelivery, WebhookEndpoint } from './models.ts'
import { deliveryJson, endpointJson, parseEvents, type CreateInput, type DeliveryJson, type EndpointJson, type UpdateInput } from './serialize.ts'
import { webhookOptionsFrom, type WebhookOptions } from './options.ts'
import { checkedUrl } from './validate.ts'
import { writeOutbox } from './outbox/write.ts'
import { TEST_EVENT } from './catalogue.ts'
import { EndpointCache } from './endpoint-cache.ts'

const PAGE_SIZE = 20

/** `app.webhooks`: a company's endpoints (secrets sealed), their delivery log, and the worker's options. */
export class WebhooksService {
  readonly options: WebhookOptions = webhookOptionsFrom(process.env)

  private cache: EndpointCache

  constructor(private app: FastifyInstance) {
    this.cache = new EndpointCache(app, async (companyId) => await this.endpoints(companyId).where('enabled', true))
  }

  private changed(companyId: number): void {
    this.app.events.emit('webhook.endpointsChanged', { companyId })
  }

  private endpoints(companyId: number) {
    return this.app.bind(WebhookEndpoint).query().forCompany(companyId)
  }

  private async row(companyId: number, id: number): Promise<WebhookEndpoint> {
    const row = await this.endpoints(companyId).findById(id)
    if (!row) throw new AppError('ERR_NO_WEBHOOK_FOUND', 404)
    return row
  }

  async list(companyId: number): Promise<EndpointJson[]> {
    return (await this.endpoints(companyId).orderBy('name').orderBy('id')).map(endpointJson)
  }

  async get(companyId: number, id: number): Promise<EndpointJson> {
    return endpointJson(await this.row(companyId, id))
  }

  async create(companyId: number, input: CreateInput): Promise<EndpointJson> {
    const row = await this.endpoints(companyId).insert({
      name: input.name.trim() || input.name, url: checkedUrl(this.app, input.url), secret: sealSecret(this.app.config, input.secret),
      events: JSON.stringify(input.events), enabled: input.enabled ?? true,
    })
    this.changed(companyId)
    return this.get(companyId, row.id)
  }

  async update(companyId: number, id: number, input: UpdateInput): Promise<EndpointJson> {
    await this.row(companyId, id)
    const patch: Partial<WebhookEndpoint> = {}
    if (input.name !== undefined) patch.name = input.name.trim() || input.name
    if (input.url !== undefined) patch.url = checkedUrl(this.app, input.url)
    if (input.secret) {
      if (input.secret.length < 16) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/secret', message: 'at least 16 characters' }])
      patch.secret = sealSecret(this.app.config, input.secret)
    }
    if (input.events !== undefined) patch.events = JSON.stringify(input.events)
    if (input.enabled !== undefined) patch.enabled = input.enabled
    if (Object.keys(patch).length) await this.endpoints(companyId).findById(id).patch(patch)
    this.changed(companyId)
    return this.get(companyId, id)
  }

  /** The endpoint and its whole delivery log (cascade). */
  async remove(companyId: number, id: number): Promise<EndpointJson> {
    const gone = endpointJson(await this.row(companyId, id))
    await this.endpoints(companyId).deleteById(id)
    this.changed(companyId)
    return gone
  }

  /** The enabled endpoints of a company that want `event` (or one of several): what the outbox writer fans out to. */
  async subscribed(companyId: number, event: string | string[]): Promise<WebhookEndpoint[]> {
    const names = typeof event === 'string' ? [event] : event
    const rows = await this.cache.enabled(companyId)
    return rows.filter((r) => parseEvents(r.events).some((e) => names.includes(e)))
  }

  /** The endpoint's secret in clear, for signing only. */
  secretOf(endpoint: WebhookEndpoint): string {
    return openSecret(this.app.config, endpoint.secret)
  }

  async deliveries(companyId: number, endpointId: number, pageNumber = 1): Promise<{ deliveries: DeliveryJson[]; count: number; hasMore: boolean }> {
    await this.row(companyId, endpointId)
    const q = this.app.bind(WebhookDelivery).query().forCompany(companyId).where('endpointId', endpointId)
    const { results, total } = await q.orderBy('id', 'desc').page(pageNumber - 1, PAGE_SIZE)
    return { deliveries: results.map(deliveryJson), count: total, hasMore: pageNumber * PAGE_SIZE < total }
  }

  /**
   * A settled delivery goes again, under its own id (a receiver that already has it drops it): attempts go on
   * counting and it has a fresh 24 h. One still on its way is refused.
   */
  async resend(companyId: number, endpointId: number, deliveryId: number): Promise<DeliveryJson> {
    await this.row(companyId, endpointId)
    const Deliveries = () => this.app.bind(WebhookDelivery).query().forCompany(companyId).where('endpointId', endpointId)
    const row = await Deliveries().findById(deliveryId)
    if (!row) throw new AppError('ERR_NO_WEBHOOK_DELIVERY_FOUND', 404)
    const now = Date.now()
    const n = await Deliveries().findById(deliveryId).whereIn('status', ['delivered', 'failed']).patch({
      status: 'pending', nextAt: new Date(now).toISOString(), expiresAt: new Date(now + this.options.giveUpMs).toISOString(), claimedAt: null, error: null,
    })
    if (!n) throw new AppError('ERR_WEBHOOK_DELIVERY_PENDING', 409)
    await this.wake()
    return deliveryJson((await Deliveries().findById(deliveryId))!)
  }

  /** "Send a test event": a delivery of `webhook.test` to this endpoint only, through the same outbox. */
  async sendTest(companyId: number, endpointId: number): Promise<DeliveryJson> {
    const endpoint = await this.row(companyId, endpointId)
    if (!endpoint.enabled) throw new AppError('ERR_WEBHOOK_DISABLED', 409)
    const [row] = await writeOutbox(this.app, companyId, [endpoint], TEST_EVENT, null, { message: 'Zapdesk test event', endpointId })
    await this.wake()
    return deliveryJson(row)
  }

  private wokenAt = 0

  /** Wakes the worker soon; calls within a second share one wake-up (the periodic one covers the rest). */
  async wake(): Promise<void> {
    if (Date.now() - this.wokenAt < 1000) return
    this.wokenAt = Date.now()
    await this.app.jobs.enqueue('webhooks:wake', {}, { jobId: `soon-${this.wokenAt}` })
      .catch((err) => this.app.log.warn({ err }, 'queueing a webhook wake-up failed (the periodic one follows)'))
  }

  /** Lets the next event wake the worker at once (the worker calls it when it starts a wake-up). */
  woke(): void {
    this.wokenAt = 0
  }
}
