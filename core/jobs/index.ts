import { BeeJobQueue } from './bee-driver.ts'
import type { JobLogger } from './common.ts'
import { MemoryJobQueue } from './memory-driver.ts'
import type { JobQueue } from './types.ts'

export type * from './types.ts'
export type { JobLogger } from './common.ts'
export type { BeeJobQueueOptions } from './bee-driver.ts'
export { BeeJobQueue, MemoryJobQueue }

export interface CreateJobQueueOptions {
  /** Set: jobs live in Redis (bee-queue). Unset: an in-process runner. */
  redisUrl?: string
  /** Redis key prefix (bee driver only). */
  prefix?: string
  logger?: JobLogger
}

export function createJobQueue(opts: CreateJobQueueOptions = {}): JobQueue {
  if (opts.redisUrl) return new BeeJobQueue({ redisUrl: opts.redisUrl, prefix: opts.prefix, logger: opts.logger })
  return new MemoryJobQueue(opts.logger)
}
