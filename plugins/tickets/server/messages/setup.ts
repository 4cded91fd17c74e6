import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { JobDefinition } from '@zapdesk/plugin-api'
import { trackAcks } from './acks.ts'
import messageDeleteRoutes from './delete-routes.ts'
import messageListRoutes from './list-routes.ts'
import { runSendJob, SEND_BACKOFF_MS, SEND_RETRIES, type SendJobData } from './send-job.ts'
import messageSendRoutes from './send-routes.ts'
import { MessageSender } from './sender.ts'
import { startSweep } from './sweep.ts'

/** `tickets:sendMessage`: one outbound message to the channel (see send-job.ts for retries and idempotence). */
export const messagesJobs: Record<string, JobDefinition<never>> = {
  sendMessage: {
    retries: SEND_RETRIES,
    backoffMs: SEND_BACKOFF_MS,
    // Sends of different messages do not wait on each other; one message is only ever sent by its claimer.
    concurrency: 4,
    handler: (data: SendJobData, job, app) => runSendJob(app, data, job),
  } as JobDefinition<SendJobData> as JobDefinition<never>,
}

export const messagesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(messageListRoutes)
  await app.register(messageSendRoutes)
  await app.register(messageDeleteRoutes)
}

/** The outbound sender (app.tickets.sender), ack tracking and the outbound sweep. The channel's getMessage is answered by the pipeline (pipeline/lookup.ts) from the raw this job stores. */
export function setupMessages(app: FastifyInstance): void {
  app.tickets.sender = new MessageSender(app)
  trackAcks(app)
  startSweep(app)
}
