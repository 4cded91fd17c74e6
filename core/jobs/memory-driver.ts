import type { EnqueueOptions, JobHandler, JobInfo, JobOptions, JobQueue } from './types.ts'
import { DEFAULT_CLOSE_TIMEOUT_MS, resolveJobOptions, unknownJob, type JobLogger } from './common.ts'

interface Definition {
  options: Required<JobOptions>
  handler: JobHandler<unknown>
  running: number
  ready: Entry[]
}

interface Entry extends JobInfo {
  data: unknown
}

/** Runs jobs inside this process; nothing survives a restart. For development, tests and single-node installs. */
export class MemoryJobQueue implements JobQueue {
  readonly driver = 'memory' as const
  private readonly definitions = new Map<string, Definition>()
  /** `name\0id` of every job waiting, delayed or running, for jobId dedup. */
  private readonly pending = new Set<string>()
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly running = new Set<Promise<void>>()
  private lastId = 0
  private started = false
  private closed = false

  constructor(private readonly logger?: JobLogger) {}

  define<T>(name: string, options: JobOptions, handler: JobHandler<T>): void {
    if (this.definitions.has(name)) throw new Error(`Job "${name}" is already defined`)
    const definition: Definition = { options: resolveJobOptions(name, options), handler: handler as JobHandler<unknown>, running: 0, ready: [] }
    this.definitions.set(name, definition)
    this.pump(definition)
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const definition = this.definitions.get(name)
    if (!definition) throw unknownJob(name)
    if (this.closed) throw new Error('Job queue is closed')
    const id = options.jobId ?? String(++this.lastId)
    const key = `${name}\0${id}`
    if (this.pending.has(key)) return id
    this.pending.add(key)
    // The bee driver hands handlers a JSON copy; do the same so both drivers behave alike.
    const snapshot = data === undefined ? undefined : JSON.parse(JSON.stringify(data))
    this.schedule(definition, { id, name, attempt: 1, data: snapshot }, options.delayMs ?? 0)
    return id
  }

  async start(): Promise<void> {
    this.started = true
    for (const definition of this.definitions.values()) this.pump(definition)
  }

  async close(timeoutMs = DEFAULT_CLOSE_TIMEOUT_MS): Promise<void> {
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    for (const definition of this.definitions.values()) definition.ready.length = 0
    if (this.running.size === 0) return
    let timer: NodeJS.Timeout | undefined
    const finished = Promise.allSettled(this.running).then(() => true)
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)))
    const done = await Promise.race([finished, timedOut])
    clearTimeout(timer)
    if (!done) this.logger?.error({ running: this.running.size, timeoutMs }, 'job queue closed with handlers still running')
  }

  private schedule(definition: Definition, entry: Entry, delayMs: number): void {
    if (this.closed) return void this.pending.delete(`${entry.name}\0${entry.id}`)
    if (delayMs <= 0) {
      definition.ready.push(entry)
      return this.pump(definition)
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      definition.ready.push(entry)
      this.pump(definition)
    }, delayMs)
    this.timers.add(timer)
  }

  private pump(definition: Definition): void {
    while (this.started && !this.closed && definition.running < definition.options.concurrency) {
      const entry = definition.ready.shift()
      if (!entry) return
      definition.running++
      const run: Promise<void> = this.run(definition, entry).finally(() => {
        definition.running--
        this.running.delete(run)
        this.pump(definition)
      })
      this.running.add(run)
    }
  }

  private async run(definition: Definition, entry: Entry): Promise<void> {
    const { data, ...info } = entry
    const { retries, backoffMs } = definition.options
    try {
      await definition.handler(data, info)
    } catch (err) {
      const retrying = entry.attempt <= retries && !this.closed
      this.logger?.error({ err, job: entry.name, id: entry.id, attempt: entry.attempt, retrying }, 'job failed')
      if (retrying) return this.schedule(definition, { ...entry, attempt: entry.attempt + 1 }, backoffMs * 2 ** (entry.attempt - 1))
    }
    this.pending.delete(`${entry.name}\0${entry.id}`)
  }
}
