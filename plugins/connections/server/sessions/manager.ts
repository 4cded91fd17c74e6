import type { FastifyInstance } from 'fastify'
import type { DriverRegistry } from '../registry.ts'
import type { MessageRef } from '../driver.ts'
import { Whatsapp } from '../models.ts'
import type { BackoffOptions } from './backoff.ts'
import type { SessionLease } from './lease.ts'
import { SessionRunner } from './runner.ts'
import { saveStatus } from './status-store.ts'

export type MessageLookup = (ref: MessageRef & { companyId: number; whatsappId: number }) => Promise<string | undefined>

/**
 * The sessions this instance runs, one runner per connection, each only while this instance holds the
 * connection's lease. Inbound events and acks become domain events (`message.inbound`, `message.ack`).
 */
export class SessionManager {
  private runners = new Map<number, SessionRunner>()
  /** Starts in progress, so two requests for one connection do not race into two sockets. */
  private starting = new Map<number, Promise<boolean>>()
  private closed = false

  constructor(
    private app: FastifyInstance,
    private drivers: DriverRegistry,
    private lease: SessionLease,
    private backoff: () => BackoffOptions,
    private lookup: () => MessageLookup | undefined,
  ) {}

  runner(whatsappId: number): SessionRunner | undefined {
    return this.runners.get(whatsappId)
  }

  ids(): number[] {
    return [...this.runners.keys()]
  }

  /** (Re)starts a connection's session here. False when another instance holds the lease or the row is gone. */
  start(companyId: number, whatsappId: number): Promise<boolean> {
    // After shutdown began nothing starts again (a late scan or request must not open a socket on a closing app).
    if (this.closed) return Promise.resolve(false)
    const pending = this.starting.get(whatsappId)
    if (pending) return pending
    const run = this.doStart(companyId, whatsappId).finally(() => this.starting.delete(whatsappId))
    this.starting.set(whatsappId, run)
    return run
  }

  private async doStart(companyId: number, whatsappId: number): Promise<boolean> {
    await this.runners.get(whatsappId)?.stop()
    this.runners.delete(whatsappId)
    if (!(await this.lease.acquire(whatsappId))) return false
    const row = await this.app.bind(Whatsapp).query().forCompany(companyId).findById(whatsappId)
    const driver = row && this.drivers.get(row.provider)
    if (!row || !driver) {
      if (row) {
        this.app.log.error({ whatsappId, provider: row.provider }, 'no channel driver for this provider')
        await saveStatus(this.app, companyId, whatsappId, { status: 'DISCONNECTED', qrcode: '' })
      }
      await this.lease.release(whatsappId)
      return false
    }
    const { app } = this
    const runner: SessionRunner = new SessionRunner(companyId, whatsappId, {
      app,
      driver,
      backoff: this.backoff,
      saveStatus: (update) => saveStatus(app, companyId, whatsappId, update),
      inbound: (event) => app.events.emit('message.inbound', { companyId, whatsappId, event }),
      ack: (event) => app.events.emit('message.ack', { companyId, whatsappId, ...event }),
      getMessage: async (ref) => this.lookup()?.({ ...ref, companyId, whatsappId }),
      ended: () => {
        if (this.runners.get(whatsappId) !== runner) return
        this.runners.delete(whatsappId)
        void this.lease.release(whatsappId).catch(() => undefined)
      },
    })
    this.runners.set(whatsappId, runner)
    await runner.begin()
    await runner.settled()
    return true
  }

  /** Stops a session here; `release` frees the lease (not when it was lost to another instance already). */
  async stop(whatsappId: number, release = true): Promise<void> {
    await this.starting.get(whatsappId)?.catch(() => undefined)
    const runner = this.runners.get(whatsappId)
    this.runners.delete(whatsappId)
    await runner?.stop()
    if (release) await this.lease.release(whatsappId).catch(() => undefined)
  }

  /** Stops every session of a company here (the company was deleted: its rows are gone already). */
  async stopCompany(companyId: number): Promise<void> {
    const ids = [...this.runners.values()].filter((r) => r.companyId === companyId).map((r) => r.whatsappId)
    await Promise.all(ids.map((id) => this.stop(id)))
  }

  /** Logs a session out (unlinks, forgets the pairing, DISCONNECTED) and frees the lease. */
  async logout(companyId: number, whatsappId: number): Promise<void> {
    await this.starting.get(whatsappId)?.catch(() => undefined)
    const runner = this.runners.get(whatsappId)
    this.runners.delete(whatsappId)
    if (runner) await runner.logout()
    else {
      const row = await this.app.bind(Whatsapp).query().forCompany(companyId).findById(whatsappId)
      if (row) await this.drivers.get(row.provider)?.resetAuth?.(this.app, companyId, whatsappId)
      await saveStatus(this.app, companyId, whatsappId, { status: 'DISCONNECTED', qrcode: '', retries: 0 })
    }
    await this.lease.release(whatsappId).catch(() => undefined)
  }

  /** "New QR": forget the pairing and start again. */
  async reset(companyId: number, whatsappId: number): Promise<boolean> {
    await this.stop(whatsappId, false)
    const row = await this.app.bind(Whatsapp).query().forCompany(companyId).findById(whatsappId)
    if (row) await this.drivers.get(row.provider)?.resetAuth?.(this.app, companyId, whatsappId)
    return this.start(companyId, whatsappId)
  }

  /** Shutdown: close every socket, keep each connection's status (they resume on the next boot), free the leases. */
  async closeAll(): Promise<void> {
    this.closed = true
    await Promise.allSettled([...this.starting.values()])
    await Promise.allSettled(this.ids().map((id) => this.stop(id)))
  }

  /** The owner died in a test: drop everything without releasing the leases, as a killed process would. */
  abandon(): void {
    this.closed = true
    for (const runner of this.runners.values()) void runner.stop()
    this.runners.clear()
  }
}
