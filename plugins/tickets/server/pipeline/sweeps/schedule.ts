import type { FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { JobDefinition } from '@zapdesk/plugin-api'
import { closeInactive } from './auto-close.ts'
import { transferDue } from './transfer.ts'

/** The job's full name: the core prefixes a plugin's jobs with the plugin's name. */
const SWEEP_JOB = 'tickets:sweep'
export const SWEEP_INTERVAL_MS = 60_000

/** One pass of the timed work that lives in the database: auto-close, then due transfers. */
export async function runSweeps(app: FastifyInstance, now = new Date()): Promise<{ closed: number; transferred: number }> {
  return { closed: await closeInactive(app, now), transferred: await transferDue(app, now) }
}

export const sweepJob: JobDefinition<never> = {
  concurrency: 1,
  retries: 1,
  handler: async (_data, _job, app) => {
    await runSweeps(app)
  },
}

/**
 * Wakes the sweep job: once when the background work begins (a restart catches up at once) and every minute after.
 * The job id of each minute is the same on every instance, so with Redis the instances queue one sweep per minute,
 * not one each.
 */
export function scheduleSweeps(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined
  const wake = (jobId: string) => {
    app.jobs.enqueue(SWEEP_JOB, {}, { jobId }).catch((err) => app.log.error({ err }, 'queueing the tickets sweep failed'))
  }
  app.background.add('tickets: sweeps', () => {
    wake(`boot-${randomUUID()}`)
    timer = setInterval(() => wake(`minute-${Math.floor(Date.now() / SWEEP_INTERVAL_MS)}`), SWEEP_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
