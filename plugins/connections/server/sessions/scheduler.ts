import type { FastifyInstance } from 'fastify'
import { Whatsapp } from '../models.ts'
import type { SessionLease } from './lease.ts'
import type { SessionManager } from './manager.ts'

interface SchedulerOptions {
  autoStart: boolean
  staggerMs: number
  renewMs: number
  scanMs: number
}

/**
 * When sessions start and who keeps them: at boot every connection that is not DISCONNECTED starts (one at a
 * time, `staggerMs` apart); with several instances the leases are renewed and connections nobody runs (their owner
 * died) are taken over by the next scan.
 */
export class SessionScheduler {
  private timers: NodeJS.Timeout[] = []
  private scanning?: Promise<void>
  private ended = false

  constructor(private app: FastifyInstance, private manager: SessionManager, private lease: SessionLease, private options: () => SchedulerOptions) {}

  begin(): void {
    const { autoStart, renewMs, scanMs } = this.options()
    if (this.lease.clustered) this.every(renewMs, () => this.renew())
    if (!autoStart) return
    void this.scan()
    if (this.lease.clustered) this.every(scanMs, () => this.scan())
  }

  private every(ms: number, task: () => Promise<void>): void {
    const timer = setInterval(() => void task().catch((err) => this.app.log.warn({ err }, 'session scheduler task failed')), ms)
    timer.unref()
    this.timers.push(timer)
  }

  /** Starts the connections that should run and run nowhere. One scan at a time. */
  scan(): Promise<void> {
    this.scanning ??= this.doScan().finally(() => (this.scanning = undefined))
    return this.scanning
  }

  private async doScan(): Promise<void> {
    // Every company's connections: the scheduler serves the whole install, not one tenant.
    const rows = await this.app.bind(Whatsapp).query().unscoped().whereNot('status', 'DISCONNECTED').select('id', 'companyId').orderBy('id')
    const inactive = await this.app.companyStatus.inactiveIds()
    for (const row of rows) {
      if (this.ended) return
      if (inactive.has(row.companyId)) continue
      if (this.manager.runner(row.id)) continue
      if (this.lease.clustered && (await this.lease.owner(row.id))) continue
      const started = await this.manager.start(row.companyId, row.id).catch((err) => {
        this.app.log.error({ err, whatsappId: row.id }, 'starting a session failed')
        return false
      })
      if (started) await new Promise((r) => setTimeout(r, this.options().staggerMs).unref())
    }
  }

  private async renew(): Promise<void> {
    const lost = await this.lease.renew(this.manager.ids())
    // Another instance holds these now (we were too slow to renew): it runs them, we must not.
    for (const id of lost) await this.manager.stop(id, false)
  }

  end(): void {
    this.ended = true
    for (const t of this.timers) clearInterval(t)
    this.timers = []
  }
}
