import { setImmediate as turn } from 'node:timers/promises'
import type { EnqueueOptions, JobHandler, JobOptions, JobQueue } from './types.ts'
import { DEFAULT_CLOSE_TIMEOUT_MS, resolveJobOptions, unknownJob } from './common.ts'

/**
 * A queue whose driver is loaded and connected on first use (an enqueue or start), not while the app builds:
 * bee-queue with its redis@3 clients took a tenth of a cold start, and the server starts its workers only once it
 * listens. Definitions made before are handed over when the driver arrives.
 */
export class DeferredJobQueue implements JobQueue {
  private readonly definitions = new Map<string, { options: JobOptions; handler: JobHandler<unknown> }>()
  private loading: Promise<JobQueue> | undefined
  private loaded: JobQueue | undefined
  private closed = false

  constructor(readonly driver: JobQueue['driver'], private readonly load: () => Promise<JobQueue>) {}

  define<T>(name: string, options: JobOptions, handler: JobHandler<T>): void {
    if (this.definitions.has(name)) throw new Error(`Job "${name}" is already defined`)
    if (this.closed) throw new Error('Job queue is closed')
    resolveJobOptions(name, options)
    this.definitions.set(name, { options, handler: handler as JobHandler<unknown> })
    // A loaded driver takes it at once; one still loading gets every definition when it arrives.
    this.loaded?.define(name, options, handler)
  }

  async enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string> {
    if (!this.definitions.has(name)) throw unknownJob(name)
    if (this.closed) throw new Error('Job queue is closed')
    return (await this.queue()).enqueue(name, data, options)
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error('Job queue is closed')
    await (await this.queue()).start()
  }

  async close(timeoutMs = DEFAULT_CLOSE_TIMEOUT_MS): Promise<void> {
    this.closed = true
    const queue = await this.loading?.catch(() => undefined)
    await queue?.close(timeoutMs)
  }

  private queue(): Promise<JobQueue> {
    this.loading ??= this.load().then(async (queue) => {
      // One queue (its Redis clients) per event-loop turn: requests arriving meanwhile, such as a fresh start's first
      // ones, are answered between them instead of after all of them. Definitions made meanwhile join the loop.
      for (const [name, { options, handler }] of this.definitions) {
        await turn()
        queue.define(name, options, handler)
      }
      this.loaded = queue
      return queue
    })
    return this.loading
  }
}
