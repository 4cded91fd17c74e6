/// <reference path="./bee-lua.d.ts" />
import BeeQueue from 'bee-queue'
import beeLua from 'bee-queue/lib/lua/index.js'
import { setImmediate as turn } from 'node:timers/promises'
import type { EnqueueOptions, JobHandler, JobOptions, JobQueue } from './types.ts'
import { DEFAULT_CLOSE_TIMEOUT_MS, resolveJobOptions, unknownJob, type JobLogger } from './common.ts'

export interface BeeJobQueueOptions {
  redisUrl: string
  /** Redis key prefix; each job name gets `{prefix}:{name}:*`. Default 'zapdesk:jobs'. */
  prefix?: string
  logger?: JobLogger
  /** How long a running job may go without a heartbeat before another worker retakes it. Default 5000 ms. */
  stallIntervalMs?: number
  /** How long enqueue waits for Redis before it gives up (the save may still land later). Default 3000 ms. */
  enqueueTimeoutMs?: number
}

type EvalScriptOn = (commandable: unknown, args: unknown[]) => Promise<unknown>

/**
 * bee-queue loads its Lua scripts once, when the queue connects, then only calls EVALSHA. Redis keeps scripts in
 * memory only, so after a Redis restart or failover every call answers NOSCRIPT and the queue can neither save nor
 * process jobs until this process restarts (bee-queue issue #489). This reloads the scripts on NOSCRIPT and runs
 * the call again, once.
 */
function reloadScriptsOnNoScript(queue: BeeQueue): void {
  const internals = queue as unknown as { _evalScriptOn: EvalScriptOn; client: unknown }
  const evalScriptOn = internals._evalScriptOn.bind(queue)
  internals._evalScriptOn = async (commandable, args) => {
    // evalScriptOn rewrites its arguments (script name -> sha, callback appended): keep a copy for the retry.
    const copy = [...args]
    try {
      return await evalScriptOn(commandable, args)
    } catch (err) {
      if (!/NOSCRIPT/.test(String((err as Error)?.message))) throw err
      await beeLua.buildCache(internals.client)
      return evalScriptOn(commandable, copy)
    }
  }
}

interface Definition {
  options: Required<JobOptions>
  handler: JobHandler<unknown>
  queue: BeeQueue
  processing: boolean
}

/** Jobs in Redis through bee-queue: one bee Queue per job name, survives restarts, shared by every worker process. */
export class BeeJobQueue implements JobQueue {
  readonly driver = 'bee' as const
  private readonly definitions = new Map<string, Definition>()
  private started = false
  private closed = false

  constructor(private readonly settings: BeeJobQueueOptions) {}

  define<T>(name: string, options: JobOptions, handler: JobHandler<T>): void {
    if (this.definitions.has(name)) throw new Error(`Job "${name}" is already defined`)
    if (this.closed) throw new Error('Job queue is closed')
    const resolved = resolveJobOptions(name, options)
    const queue = new BeeQueue(name, {
      // bee-queue needs connection options: it creates its own redis@3 clients (a redis v5 client is not accepted).
      redis: { url: this.settings.redisUrl },
      prefix: this.settings.prefix ?? 'zapdesk:jobs',
      stallInterval: this.settings.stallIntervalMs ?? 5000,
      activateDelayedJobs: true,
      // Finished jobs must leave Redis, or their ids would block dedup forever and the hash would grow without end.
      removeOnSuccess: true,
      removeOnFailure: true,
      getEvents: false,
      sendEvents: false,
      storeJobs: false,
    })
    reloadScriptsOnNoScript(queue)
    // Without a listener bee's 'error' events (lost connection, a job finishing after close) would crash the process.
    queue.on('error', (err) => this.settings.logger?.error({ err, job: name }, 'job queue error'))
    // Attached at once: a failed first connection would otherwise be an unhandled rejection.
    queue.ready().catch((err) => this.settings.logger?.error({ err, job: name }, 'job queue could not connect'))
    const definition = { options: resolved, handler: handler as JobHandler<unknown>, queue, processing: false }
    this.definitions.set(name, definition)
    if (this.started) this.process(name, definition)
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const definition = this.definitions.get(name)
    if (!definition) throw unknownJob(name)
    if (this.closed) throw new Error('Job queue is closed')
    const { retries, backoffMs } = definition.options
    const job = definition.queue.createJob(data).retries(retries)
    if (backoffMs > 0) job.backoff('exponential', backoffMs)
    if (options.delayMs && options.delayMs > 0) job.delayUntil(Date.now() + options.delayMs)
    if (options.jobId !== undefined) job.setId(options.jobId)
    // While Redis is unreachable its client queues commands until it reconnects: without a bound, the request that
    // enqueues (an agent's message) would hang for the whole outage. Callers treat a failed enqueue as "maybe
    // queued": jobs here are idempotent and the database holds the truth (sweeps enqueue again).
    const save = job.save()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Job "${name}" was not saved: Redis did not answer in time`)), this.settings.enqueueTimeoutMs ?? 3000)
    })
    save.catch(() => undefined) // a save that fails after the timeout has nobody left to tell
    const saved = await Promise.race([save, timeout]).finally(() => clearTimeout(timer))
    // bee resolves with a null id when a job with that id already exists.
    const id = saved.id ?? options.jobId
    if (id == null) throw new Error(`Job "${name}" was not saved: its generated id is taken`)
    return id
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error('Job queue is closed')
    this.started = true
    // A worker (its blocking Redis client) per event-loop turn, so requests arriving meanwhile are answered between.
    for (const [name, definition] of this.definitions) {
      this.process(name, definition)
      await turn()
      if (this.closed) return
    }
    await Promise.all([...this.definitions.values()].map((d) => d.queue.ready()))
  }

  async close(timeoutMs = DEFAULT_CLOSE_TIMEOUT_MS): Promise<void> {
    this.closed = true
    const timeout = Math.max(1, Math.round(timeoutMs))
    await Promise.all(
      [...this.definitions].map(([name, { queue }]) =>
        queue.close(timeout).catch((err) => this.settings.logger?.error({ err, job: name }, 'job queue close failed')),
      ),
    )
  }

  private process(name: string, definition: Definition): void {
    if (definition.processing) return
    definition.processing = true
    const { concurrency, retries } = definition.options
    const { queue, handler } = definition
    queue.process(concurrency, async (job) => {
      // bee counts retries down in the stored job; the attempt number is what has been used up.
      const attempt = Math.max(1, retries - (job.options.retries ?? 0) + 1)
      try {
        await handler(job.data, { id: job.id, name, attempt })
      } catch (err) {
        const retrying = (job.options.retries ?? 0) > 0
        this.settings.logger?.error({ err, job: name, id: job.id, attempt, retrying }, 'job failed')
        throw err
      }
    })
    // bee only looks for stalled jobs when asked; without this a crashed worker's jobs wait for the next restart.
    queue
      .checkStalledJobs(Math.round((this.settings.stallIntervalMs ?? 5000) / 2))
      .catch((err) => this.settings.logger?.error({ err, job: name }, 'stalled job check failed'))
  }
}
