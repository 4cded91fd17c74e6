import { setImmediate as turn } from 'node:timers/promises'
import type { JobLogger } from './common.ts'

type Task = { name: string; run: () => Promise<void> | void }

/**
 * The work an app does in the background once it serves: sweeps' first runs and timers, sessions coming back,
 * periodic jobs' boot runs. The server begins it after it listens, with the job workers, so none of it competes with
 * the start (core/server.ts); an app built to be injected (tests, benchmarks) begins it when ready, unless built with
 * `startJobs: false`. Tasks run one after another; one that fails is logged and the others still run. A task added
 * once the work has begun runs at once. Once the app closes, no task begins (stop).
 */
export class BackgroundWork {
  private readonly tasks: Task[] = []
  private begun = false
  private stopped = false

  constructor(private readonly logger?: JobLogger) {}

  add(name: string, run: () => Promise<void> | void): void {
    if (this.stopped) return
    if (this.begun) void this.runTask({ name, run })
    else this.tasks.push({ name, run })
  }

  async begin(): Promise<void> {
    if (this.begun) return
    this.begun = true
    // Each task in an event-loop turn of its own: requests arriving meanwhile (a fresh start's first ones) are
    // answered between tasks, not after the whole boot's work.
    for (const task of this.tasks.splice(0)) {
      await turn()
      if (this.stopped) return
      await this.runTask(task)
    }
  }

  /**
   * The app is closing: the tasks not begun yet never begin, nor do tasks added later. A stop signal right after a
   * start otherwise found the sweeps' first runs still beginning against a closed job queue, each logged as an error.
   */
  stop(): void {
    this.stopped = true
    this.tasks.length = 0
  }

  private async runTask(task: Task): Promise<void> {
    try {
      await task.run()
    } catch (err) {
      this.logger?.error({ err, task: task.name }, 'background work failed to begin')
    }
  }
}
