import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { JobDefinition } from '@zapdesk/plugin-api'
import { Schedule } from '../models.ts'
import { claimDue } from './claim.ts'
import { sendSchedule } from './send.ts'

export const WAKE_JOB = 'schedules:wake'
export const wakeEveryMs = (): number => Number(process.env.ZAPDESK_SCHEDULE_WAKE_MS) || 3000
/** A wake-up sends for at most this long, then hands over to a fresh one (other jobs get their turn). */
const RUN_MS = 3000
const BATCH = 8

/**
 * One wake-up of the sender: claim what is due (from the database alone, so a restart or a lost job queue loses
 * nothing: a schedule due while the server was down goes out when it is back), send it, publish the change.
 */
export async function wake(app: FastifyInstance): Promise<number> {
  const started = Date.now()
  let sent = 0
  for (;;) {
    const claimed = await claimDue(app, BATCH)
    if (!claimed.length) return sent
    const outcomes = await Promise.all(claimed.map(async (row) => {
      const outcome = await sendSchedule(app, row)
      const now = await app.bind(Schedule).query().forCompany(row.companyId).findById(row.id)
      if (now) await app.schedules.publish(row.companyId, 'update', now)
      return outcome
    }))
    sent += outcomes.filter((o) => o === 'sent').length
    // What could not go now (a database hiccup) waits for the next periodic wake-up, not a tight loop.
    if (outcomes.includes('retry')) return sent
    if (Date.now() - started > RUN_MS) {
      await wakeSender(app)
      return sent
    }
  }
}

export const wakeJob: JobDefinition<Record<string, never>> = {
  concurrency: 1,
  retries: 1,
  handler: async (_data, _job, app) => {
    await wake(app)
  },
}

/** A wake-up now, or in `delayMs` (a schedule just made due soon). */
export async function wakeSender(app: FastifyInstance, delayMs = 0): Promise<void> {
  await app.jobs.enqueue(WAKE_JOB, {}, { jobId: `wake-${randomUUID()}`, delayMs: Math.max(0, delayMs) })
    .catch((err) => app.log.warn({ err }, 'queueing a schedule wake-up failed (the periodic one follows)'))
}

/**
 * The sender's clock: a wake-up when the background work begins (app.background) and every few seconds after,
 * through the job queue. One job id per slot, so instances sharing Redis share each wake-up; claims keep them apart
 * anyway.
 */
export function scheduleWakeUps(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined
  const enqueue = (jobId: string) => app.jobs.enqueue(WAKE_JOB, {}, { jobId }).catch((err) => app.log.warn({ err }, 'queueing a schedule wake-up failed'))
  app.background.add('schedules: wake-ups', () => {
    void enqueue(`boot-${randomUUID()}`)
    timer = setInterval(() => void enqueue(`slot-${Math.floor(Date.now() / wakeEveryMs())}`), wakeEveryMs())
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
