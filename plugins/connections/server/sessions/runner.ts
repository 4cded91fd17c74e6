import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import type { AckEvent, ChannelDriver, ChannelSession, CloseReason, DisconnectCause, InboundEvent, MessageRef, SessionHost, SessionStatus } from '../driver.ts'
import { backoffDelay, type BackoffOptions } from './backoff.ts'
import type { StatusUpdate } from './status-store.ts'

export interface RunnerDeps {
  app: FastifyInstance
  driver: ChannelDriver
  backoff: () => BackoffOptions
  saveStatus(update: StatusUpdate): Promise<void>
  inbound(event: InboundEvent): void
  ack(event: AckEvent): void
  getMessage(ref: MessageRef): Promise<string | undefined>
  /** The runner stopped for good on its own (logged out, gave up): the manager forgets it and frees the lease. */
  ended(reason: CloseReason): void
}

/** Restarts asked by the channel in a row before they count as failures (a restart loop must back off too). */
const MAX_RESTARTS = 3

/**
 * The life of one connection's session in this instance: connect, report, and on a close retry with backoff,
 * restart at once, or stop, as the driver's close reason says. Every attempt gets a fresh driver session and a
 * generation number, so late callbacks of an old socket are ignored.
 */
export class SessionRunner {
  status: SessionStatus = 'OPENING'
  private session?: ChannelSession
  private generation = 0
  private failures = 0
  private restarts = 0
  private timer?: NodeJS.Timeout
  private stopped = false
  private writes: Promise<void> = Promise.resolve()

  constructor(readonly companyId: number, readonly whatsappId: number, private deps: RunnerDeps) {}

  /** First attempt; resolves once the driver session has started (not necessarily connected). */
  begin(): Promise<void> {
    return this.connect('OPENING')
  }

  /** Resolves when every status write asked so far is done. */
  settled(): Promise<void> {
    return this.writes
  }

  private report(update: StatusUpdate): void {
    this.status = update.status
    this.writes = this.writes.then(() => this.deps.saveStatus(update)).catch((err) => this.deps.app.log.error({ err, whatsappId: this.whatsappId }, 'saving a session status failed'))
  }

  private async connect(status: SessionStatus): Promise<void> {
    if (this.stopped) return
    const generation = ++this.generation
    this.report({ status, qrcode: '', nextRetryAt: null })
    const session = this.deps.driver.createSession(this.host(generation))
    this.session = session
    try {
      await session.start()
    } catch (err) {
      if (generation === this.generation) await this.onClosed(generation, 'lost', (err as Error).message)
    }
  }

  private host(generation: number): SessionHost {
    const current = () => generation === this.generation && !this.stopped
    const { app } = this.deps
    return {
      app,
      companyId: this.companyId,
      whatsappId: this.whatsappId,
      log: app.log.child({ whatsappId: this.whatsappId }),
      status: (u) => {
        if (!current()) return
        if (u.status === 'CONNECTED') this.failures = this.restarts = 0
        this.report({ ...u, ...(u.status === 'CONNECTED' ? { retries: 0 } : {}) })
      },
      inbound: (event) => current() && this.deps.inbound(event),
      ack: (event) => current() && this.deps.ack(event),
      closed: (reason, detail, cause) => {
        if (current()) void this.onClosed(generation, reason, detail, cause)
      },
      getMessage: (ref) => this.deps.getMessage(ref),
    }
  }

  private async onClosed(generation: number, reason: CloseReason, detail?: string, cause: DisconnectCause = reason === 'lost' ? 'network' : 'unknown'): Promise<void> {
    if (generation !== this.generation) return
    this.generation++ // whatever the old session still says is stale from now on
    const old = this.session
    this.session = undefined
    await old?.stop().catch(() => undefined)
    if (this.stopped) return
    this.deps.app.log.info({ whatsappId: this.whatsappId, reason, detail }, 'session closed')
    if (reason === 'restart' && this.restarts++ < MAX_RESTARTS) return this.connect('PAIRING')
    if (reason === 'lost' || reason === 'restart') {
      const delay = backoffDelay(this.failures++, this.deps.backoff())
      this.report({ status: 'TIMEOUT', retries: this.failures, qrcode: '', cause, nextRetryAt: new Date(Date.now() + delay).toISOString() })
      this.timer = setTimeout(() => void this.connect('OPENING'), delay)
      this.timer.unref()
      return
    }
    this.stopped = true
    if (reason === 'loggedOut') await this.deps.driver.resetAuth?.(this.deps.app, this.companyId, this.whatsappId).catch((err) => this.deps.app.log.error({ err }, 'wiping auth state failed'))
    this.report({ status: 'DISCONNECTED', qrcode: '', cause, nextRetryAt: null })
    await this.writes
    this.deps.ended(reason)
  }

  /** Closes the session, keeping its pairing and its last status (shutdown, lease lost, restart). */
  async stop(): Promise<void> {
    this.stopped = true
    this.generation++
    clearTimeout(this.timer)
    const session = this.session
    this.session = undefined
    await session?.stop().catch((err) => this.deps.app.log.warn({ err }, 'stopping a session failed'))
    await this.writes
  }

  /** Unlinks at the channel, forgets the pairing, and shows DISCONNECTED. */
  async logout(): Promise<void> {
    this.stopped = true
    this.generation++
    clearTimeout(this.timer)
    const session = this.session
    this.session = undefined
    await session?.logout().catch((err) => this.deps.app.log.warn({ err }, 'logging a session out failed'))
    await this.deps.driver.resetAuth?.(this.deps.app, this.companyId, this.whatsappId)
    this.report({ status: 'DISCONNECTED', qrcode: '', retries: 0 })
    await this.writes
  }

  /** The connected session, for sends and lookups. */
  live(): ChannelSession {
    if (!this.session || this.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409)
    return this.session
  }

  /** The current driver session whatever its state (driver-specific commands like the sandbox's injection). */
  current(): ChannelSession | undefined {
    return this.session
  }
}
