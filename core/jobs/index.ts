import type { JobLogger } from './common.ts'
import { MemoryJobQueue } from './memory-driver.ts'
import { DeferredJobQueue } from './deferred.ts'
import type { JobQueue } from './types.ts'

export type * from './types.ts'
export type { JobLogger } from './common.ts'
export type { BeeJobQueueOptions } from './bee-driver.ts'
export { MemoryJobQueue }

export interface CreateJobQueueOptions {
  /** Set: jobs live in Redis (bee-queue). Unset: an in-process runner. */
  redisUrl?: string
  /** Redis key prefix (bee driver only). */
  prefix?: string
  logger?: JobLogger
}

/** bee-queue (and its redis client, hundreds of modules) is loaded only when Redis is configured, on first use. */
export async function createJobQueue(opts: CreateJobQueueOptions = {}): Promise<JobQueue> {
  const { redisUrl } = opts
  if (!redisUrl) return new MemoryJobQueue(opts.logger)
  return new DeferredJobQueue('bee', async () => {
    const { BeeJobQueue } = await import('./bee-driver.ts')
    return new BeeJobQueue({ redisUrl, prefix: opts.prefix, logger: opts.logger })
  })
}
