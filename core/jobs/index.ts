import type { JobLogger } from './common.ts'
import { MemoryJobQueue } from './memory-driver.ts'
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

/** bee-queue (and its redis client, hundreds of modules) is loaded only when Redis is configured. */
export async function createJobQueue(opts: CreateJobQueueOptions = {}): Promise<JobQueue> {
  if (!opts.redisUrl) return new MemoryJobQueue(opts.logger)
  const { BeeJobQueue } = await import('./bee-driver.ts')
  return new BeeJobQueue({ redisUrl: opts.redisUrl, prefix: opts.prefix, logger: opts.logger })
}
