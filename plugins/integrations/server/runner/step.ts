import { featureEnabled } from '@zapdesk/plugin-api'
import '@zapdesk/tickets/public'
import '@zapdesk/queues/public'
import '@zapdesk/connections/public'
import type { InboundContext, InboundStep } from '@zapdesk/tickets/public'
import { CONVERSE_JOB, type ConverseData } from './converse.ts'
import { DELIVER_JOB, type DeliverData } from './deliver.ts'
import { saveSession, sessionOf } from './sessions.ts'

/**
 * The integration that talks on this ticket, and the queue whose agents get it back: the ticket's own
 * (useIntegration + integrationId, set by an agent), else its queue's; before a queue is chosen, the connection's own
 * (handing back to the queue menu), or the integration of the connection's only queue (no menu to pass first).
 */
async function integrationFor(ctx: InboundContext): Promise<{ integrationId: number; queueId: number | null } | null> {
  const { app, companyId, ticket } = ctx
  if (ticket.useIntegration && ticket.integrationId) return { integrationId: ticket.integrationId, queueId: ticket.queueId }
  const ofQueue = async (queueId: number) => {
    const integrationId = (await app.queues.find(companyId, queueId).catch(() => null))?.integrationId ?? null
    return integrationId ? { integrationId, queueId } : null
  }
  if (ticket.queueId !== null) return ofQueue(ticket.queueId)
  const own = Number(ctx.whatsapp.integrationId) || null
  if (own) return { integrationId: own, queueId: null }
  if (!ctx.offersQueues) return null
  const offered = await app.connections.queueIds(companyId, ctx.whatsappId)
  return offered.length === 1 ? ofQueue(offered[0]) : null
}

/**
 * The integrations' inbound step, before the AI prompt and the queue menu: for a waiting ticket nobody took whose
 * queue runs an integration, until it hands the ticket back. The call itself is a job, so a slow typebot or webhook
 * never holds up the connection's other messages (and a webhook's retries survive a restart).
 */
export const integrationStep: InboundStep = {
  name: 'integrations:run',
  after: ['group-filter', 'rating', 'out-of-hours'],
  before: ['prompts:answer', 'queue-menu'],
  async run(ctx) {
    const { app, companyId, ticket, message } = ctx
    if (ticket.isGroup || ticket.status !== 'pending' || ticket.userId !== null) return 'next'
    const target = await integrationFor(ctx)
    const integration = target ? await app.integrations.find(companyId, target.integrationId) : undefined
    if (!target || !integration) return 'next'
    const session = await sessionOf(app, companyId, ticket.id)
    if (session?.status === 'done') return 'next'
    // A plan without useIntegrations (or the module switched off) keeps its integrations but runs none.
    if (!(await featureEnabled(app, companyId, 'useIntegrations'))) return 'next'
    if (!session || session.integrationId !== integration.id) {
      await saveSession(app, companyId, ticket.id, { integrationId: integration.id, status: 'active', externalId: null, lastAt: null, choices: null })
    }
    const base = { companyId, integrationId: integration.id, ticketId: ticket.id, messageId: message.id, queueId: target.queueId }
    if (integration.type === 'n8n' || integration.type === 'webhook') {
      const data: DeliverData = {
        ...base,
        payload: {
          event: 'message.inbound',
          message: { id: message.id, body: message.body ?? '', mediaType: message.mediaType, createdAt: String(message.createdAt ?? '') },
          ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId, whatsappId: ctx.whatsappId },
          contact: { id: ctx.contact.id, name: ctx.contact.name, number: ctx.contact.number },
        },
      }
      await app.jobs.enqueue(DELIVER_JOB, data, { jobId: `integration-deliver-${companyId}-${integration.id}-${message.id}` })
    } else {
      const data: ConverseData = { ...base, body: message.body ?? '' }
      await app.jobs.enqueue(CONVERSE_JOB, data, { jobId: `integration-converse-${companyId}-${message.id}` })
    }
    return 'stop'
  },
}
