import type { FastifyInstance } from 'fastify'
import type { JobDefinition } from '@zapdesk/plugin-api'
import '@zapdesk/connections/public'
import { claimNext } from './claim.ts'
import { sendRow } from './send-row.ts'
import { finishDone, setPaused } from './finish.ts'
import { publishProgress, touchProgress } from './progress.ts'
import type { CampaignFiles } from './parts.ts'

export const DISPATCH_JOB = 'campaigns:dispatch'
/** A run sends for at most this long, then hands over to a new job (other connections' runs get their turn). */
const RUN_MS = 2000
const RETRY_MS = 2000
export const NOT_CONNECTED = 'ERR_WAPP_NOT_INITIALIZED'

export interface DispatchData {
  companyId: number
  whatsappId: number
}

/**
 * Queues the next run for a connection. Runs that wait for the same pacing slot share its job id, so however many
 * runs woke (the sweep, a reply, a reconnect), one chain goes on per connection.
 */
export async function scheduleDispatch(app: FastifyInstance, data: DispatchData, delayMs: number, key?: string): Promise<void> {
  const at = Date.now() + delayMs
  await app.jobs.enqueue(DISPATCH_JOB, data, { delayMs, jobId: `dispatch-${data.whatsappId}-${key ?? at}` })
    .catch((err) => app.log.warn({ err, ...data }, 'queueing a campaign dispatch failed (the sweep queues it again)'))
}

async function pause(app: FastifyInstance, { companyId, whatsappId }: DispatchData, reason: string | null): Promise<void> {
  for (const id of await setPaused(app, companyId, whatsappId, reason)) await publishProgress(app, companyId, id)
}

/**
 * One run of a connection's sender: while its session is up and its pacing allows, claim the next recipient and
 * send; then queue the next run for when the pacing allows one. A session that is down pauses the connection's
 * campaigns (they stay EM_ANDAMENTO; the report says why) until it is back.
 */
export async function dispatch(app: FastifyInstance, data: DispatchData): Promise<void> {
  const { companyId, whatsappId } = data
  const started = Date.now()
  const files = new Map<number, CampaignFiles>()
  for (;;) {
    const connection = await app.connections.row(companyId, whatsappId)
    if (!connection) return
    if (connection.status !== 'CONNECTED') return pause(app, data, NOT_CONNECTED)
    await pause(app, data, null)
    const result = await claimNext(app, companyId, whatsappId)
    if ('waitMs' in result) return scheduleDispatch(app, data, result.waitMs, String(result.nextAt))
    if ('idle' in result) {
      await finishDone(app, { companyId, whatsappId })
      return
    }
    const outcome = await sendRow(app, result.claimed, files)
    touchProgress(app, companyId, result.claimed.row.campaignId)
    if (outcome === 'disconnected') return pause(app, data, NOT_CONNECTED)
    if (outcome === 'retry') return scheduleDispatch(app, data, RETRY_MS)
    if (Date.now() - started > RUN_MS) return scheduleDispatch(app, data, 0, `y-${Date.now()}`)
  }
}

export const dispatchJob: JobDefinition<DispatchData> = {
  concurrency: 4,
  retries: 3,
  handler: async (data, _job, app) => dispatch(app, data),
}
