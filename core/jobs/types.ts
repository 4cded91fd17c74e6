/** What a job handler receives besides its payload. */
export interface JobInfo {
  id: string
  name: string
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number
}

export type JobHandler<T = unknown> = (data: T, job: JobInfo) => Promise<void>

export interface JobOptions {
  /** Handlers of this job running at once in one process. Default 1. */
  concurrency?: number
  /** Extra attempts after a failure. Default 3. */
  retries?: number
  /** First retry delay; doubles each attempt. Default 1000 ms. */
  backoffMs?: number
}

export interface EnqueueOptions {
  /** Run no earlier than this many ms from now. */
  delayMs?: number
  /** A job with an id that is already waiting, delayed or running is not enqueued again. */
  jobId?: string
}

/** One interface over the in-process runner and bee-queue on Redis. */
export interface JobQueue {
  readonly driver: 'memory' | 'bee'
  define<T>(name: string, options: JobOptions, handler: JobHandler<T>): void
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string>
  /** Begins processing defined jobs. */
  start(): Promise<void>
  /** Stops taking jobs, waits for running ones (up to timeoutMs) and releases connections. */
  close(timeoutMs?: number): Promise<void>
}
