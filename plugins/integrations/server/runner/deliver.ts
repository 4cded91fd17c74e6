import type { FastifyInstance } from 'fastify'
import { isUniqueViolation, OutboundError, type JobDefinition } from '@zapdesk/plugin-api'
import { IntegrationDelivery } from '../models.ts'
import { integrationCall } from '../options.ts'
import { readHookAnswer } from './answer.ts'
import { sendAll } from './send.ts'
import { handBack, integrationHasTicket } from './sessions.ts'
import { signatureHeaders } from './sign.ts'

export const DELIVER_JOB = 'integrations:deliver'
/** Extra attempts after a failed delivery (1 s, 2 s, 4 s, 8 s apart): the kernel's job retries, kept across restarts. */
export const DELIVERY_RETRIES = 4

export interface DeliverData {
  companyId: number
  integrationId: number
  ticketId: number
  messageId: number
  queueId: number | null
  /** What the receiver gets: the customer's message, its ticket and contact. */
  payload: Record<string, unknown>
}

/** The delivery's log row, made once per message (a job that runs again finds it). */
async function claim(app: FastifyInstance, data: DeliverData): Promise<IntegrationDelivery> {
  const Deliveries = app.bind(IntegrationDelivery)
  const where = { integrationId: data.integrationId, messageId: data.messageId }
  const found = await Deliveries.query().forCompany(data.companyId).findOne(where)
  if (found) return found
  try {
    return await Deliveries.query().forCompany(data.companyId).insert({ ...where, ticketId: data.ticketId, status: 'pending', attempts: 0 })
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    return (await Deliveries.query().forCompany(data.companyId).findOne(where))!
  }
}

/**
 * One attempt at posting a customer's message to an n8n flow or a webhook, signed (sign.ts). A 2xx delivers it and
 * its answer is acted on (answer.ts); anything else is logged and thrown, so the job runs again with backoff; after
 * the last attempt the ticket goes back to the queue's agents, so no customer waits on a dead receiver.
 */
export async function deliver(app: FastifyInstance, data: DeliverData, attempt: number): Promise<void> {
  const { companyId, ticketId } = data
  const integration = await app.integrations.find(companyId, data.integrationId)
  if (!integration?.urlN8n) return
  const delivery = await claim(app, data)
  if (delivery.status === 'delivered' || delivery.status === 'failed') return
  const body = JSON.stringify({ ...data.payload, integrationId: integration.id, deliveryId: delivery.id, attempt })
  const secret = app.integrations.secretOf(integration.signingSecret)
  const headers = { 'content-type': 'application/json', 'x-zapdesk-delivery': String(delivery.id), ...(secret ? signatureHeaders(secret, body) : {}) }
  const started = Date.now()
  let status: number | null = null
  let error: string | null = null
  let answer = { messages: [] as string[], handBack: false }
  try {
    const res = await integrationCall(app, integration.urlN8n, { method: 'POST', headers, body })
    status = res.status
    if (status >= 200 && status < 300) answer = readHookAnswer(res.text(), res.headers['content-type'])
    else error = `answered ${status}`
  } catch (err) {
    error = err instanceof OutboundError ? `${err.kind}: ${err.message}` : String((err as Error).message ?? err)
  }
  const last = attempt > DELIVERY_RETRIES
  await app.bind(IntegrationDelivery).query().forCompany(companyId).findById(delivery.id).patch({
    attempts: delivery.attempts + 1, httpStatus: status, durationMs: Date.now() - started, error: error?.slice(0, 300) ?? null,
    status: error === null ? 'delivered' : last ? 'failed' : 'retrying',
  })
  if (error !== null) {
    if (!last) throw new Error(`delivery ${delivery.id}: ${error}`)
    app.log.warn({ companyId, ticketId, integrationId: integration.id, error }, 'an integration delivery failed for good; the ticket goes back to the agents')
    return handBack(app, companyId, ticketId, data.queueId, { integration, reason: 'deliveryFailed', detail: error })
  }
  if (!(await integrationHasTicket(app, companyId, ticketId))) return
  await sendAll(app, companyId, ticketId, answer.messages)
  if (answer.handBack) await handBack(app, companyId, ticketId, data.queueId, { integration, reason: 'asked' })
}

export const deliverJob: JobDefinition<DeliverData> = {
  concurrency: 8,
  retries: DELIVERY_RETRIES,
  backoffMs: 1000,
  handler: (data, job, app) => deliver(app, data, job.attempt),
}
