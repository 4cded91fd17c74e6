import type { FastifyInstance } from 'fastify'
import { OutboundError, type JobDefinition } from '@zapdesk/plugin-api'
import { parseServiceAccount } from '../validate.ts'
import { detectIntent } from './dialogflow.ts'
import { sendAll } from './send.ts'
import { handBack, integrationHasTicket } from './sessions.ts'
import { runTypebot } from './typebot.ts'

export const CONVERSE_JOB = 'integrations:converse'

export interface ConverseData {
  companyId: number
  integrationId: number
  ticketId: number
  messageId: number
  queueId: number | null
  body: string
}

/** Dialogflow: the customer's text to detectIntent (one session per ticket), its fulfilment text back. */
async function runDialogflow(app: FastifyInstance, data: ConverseData, integration: NonNullable<Awaited<ReturnType<FastifyInstance['integrations']['find']>>>): Promise<void> {
  const account = parseServiceAccount(app.integrations.secretOf(integration.jsonContent) ?? '')
  if (!account || !integration.projectName) return handBack(app, data.companyId, data.ticketId, data.queueId, { integration, reason: 'incomplete' })
  const answer = await detectIntent(app, {
    projectName: integration.projectName, account, language: integration.language ?? 'pt-BR',
    sessionId: `zapdesk-${data.companyId}-${data.ticketId}`, text: data.body.trim() || '-',
  })
  await sendAll(app, data.companyId, data.ticketId, [answer.text])
  if (answer.end) await handBack(app, data.companyId, data.ticketId, data.queueId, { integration, reason: 'conversationEnded' })
}

/** What agents read of a failure: the guard's kind (timeout, refused address...) or the error's message. */
const failureOf = (err: unknown): string =>
  err instanceof OutboundError ? `${err.kind}: ${err.message}` : String((err as Error)?.message ?? err)

/**
 * A customer's message for a typebot or a Dialogflow agent. Whatever goes wrong (timeout, error, a refused address),
 * the customer's message stays on the ticket and the ticket goes back to the queue's agents.
 */
export async function converse(app: FastifyInstance, data: ConverseData): Promise<void> {
  const integration = await app.integrations.find(data.companyId, data.integrationId)
  if (!integration || !(await integrationHasTicket(app, data.companyId, data.ticketId))) return
  try {
    if (integration.type === 'typebot') await runTypebot(app, integration, data)
    else if (integration.type === 'dialogflow') await runDialogflow(app, data, integration)
  } catch (err) {
    app.log.warn({ err, companyId: data.companyId, ticketId: data.ticketId, integrationId: integration.id }, 'the integration gave no answer; the ticket goes back to the agents')
    await handBack(app, data.companyId, data.ticketId, data.queueId, { integration, reason: 'error', detail: failureOf(err) })
  }
}

/**
 * No retries: a failed turn already went back to the agents. One at a time (per instance), so a customer's quick messages reach the
 * flow in order and never open two sessions.
 */
export const converseJob: JobDefinition<ConverseData> = {
  concurrency: 1,
  retries: 0,
  handler: (data, _job, app) => converse(app, data),
}
