import type { FastifyInstance } from 'fastify'
import type { JobDefinition } from '@zapdesk/plugin-api'
import { handleInbound } from './inbound.ts'
import { storedRawLookup } from './lookup.ts'
import { whileDatabaseDown } from './retry.ts'
import { scheduleSweeps, sweepJob } from './sweeps/schedule.ts'
import { groupFilterStep } from './steps/group-filter.ts'
import { ratingStep } from './steps/rating.ts'
import { outOfHoursStep } from './steps/out-of-hours.ts'
import { queueMenuStep } from './steps/queue-menu.ts'

export const pipelineJobs: Record<string, JobDefinition<never>> = { sweep: sweepJob }

/**
 * The inbound pipeline: the built-in steps (other plugins add theirs with app.tickets.addStep), the subscription to
 * the channels' normalized events (local scope: a media download only works on the instance that runs the session),
 * the message store behind the drivers' getMessage, and the timed sweeps.
 */
export function setupPipeline(app: FastifyInstance): void {
  for (const step of [groupFilterStep, ratingStep, outOfHoursStep, queueMenuStep]) app.tickets.addStep(step)
  // Every step of handleInbound is idempotent (a stored message stops at the redelivery check), so an event that
  // meets a database restart is simply handled again once the database answers.
  let stopping = false
  app.addHook('preClose', async () => void (stopping = true))
  app.events.on('message.inbound', (payload) => whileDatabaseDown(app, () => stopping, () => handleInbound(app, payload)))
  app.channels.setMessageLookup(storedRawLookup(app))
  scheduleSweeps(app)
}
