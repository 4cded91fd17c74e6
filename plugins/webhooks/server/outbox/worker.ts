import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { JobDefinition } from '@zapdesk/plugin-api'
import { claimDue } from './claim.ts'
import { deliver, type Outcome } from './deliver.ts'
import { pruneSettled } from './prune.ts'

export const WAKE_JOB = 'webhooks:wake'
/** A wake-up delivers for at most this long, then hands over to a fresh one (other jobs get their turn). */
const RUN_MS = 5000
const BATCH = 8

/**
 * One wake-up of the worker: claim what is due (from the database alone, so a restart or a lost job loses nothing),
 * deliver it, and go on while there is more. Rows of different tickets go in parallel; one ticket's wait their turn.
 */
export async function wake(app: FastifyInstance): Promise<Record<Outcome, number>> {
  app.webhooks.woke()
  await pruneNow(app)
  const started = Date.now()
  const counts: Record<Outcome, number> = { delivered: 0, retry: 0, failed: 0, lost: 0 }
  for (;;) {
    const claimed = await claimDue(app, BATCH)
    if (!claimed.length) return counts
    const outcomes = await Promise.all(claimed.map((row) => deliver(app, row).catch((err) => {
      app.log.warn({ err, deliveryId: row.id }, 'a webhook delivery was interrupted; claimed again after the timeout')
      return 'lost' as const
    })))
    for (const o of outcomes) counts[o]++
    if (Date.now() - started > RUN_MS) {
      await app.webhooks.wake()
      return counts
    }
  }
}

const PRUNE_EVERY_MS = 60 * 60_000
const prunedAt = new WeakMap<FastifyInstance, number>()

/** Old settled rows go at most once an hour per instance (a cheap indexed delete, not worth a job of its own). */
async function pruneNow(app: FastifyInstance): Promise<void> {
  if (Date.now() - (prunedAt.get(app) ?? 0) < PRUNE_EVERY_MS) return
  prunedAt.set(app, Date.now())
  await pruneSettled(app).catch((err) => app.log.warn({ err }, 'pruning old webhook deliveries failed'))
}

export const wakeJob: JobDefinition<Record<string, never>> = {
  concurrency: 1,
  retries: 1,
  handler: async (_data, _job, app) => {
    await wake(app)
  },
}

/**
 * The worker's clock: a wake-up when the background work begins (what was due while it was down goes then) and every
 * few seconds after, one job id per slot so instances sharing Redis share each; the claims keep them apart anyway.
 */
export function scheduleWakeUps(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined
  const enqueue = (jobId: string) => app.jobs.enqueue(WAKE_JOB, {}, { jobId }).catch((err) => app.log.warn({ err }, 'queueing a webhook wake-up failed'))
  app.background.add('webhooks: wake-ups', () => {
    const every = app.webhooks.options.wakeEveryMs
    void enqueue(`boot-${randomUUID()}`)
    timer = setInterval(() => void enqueue(`slot-${Math.floor(Date.now() / every)}`), every)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
