import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError } from '@zapdesk/plugin-api'
import type { ChannelDriver, MessageRef, OutboundMedia, OutboundMessage, SentMessage } from './driver.ts'
import { DriverRegistry } from './registry.ts'
import { sendToNumber, type SendToNumberOptions } from './send-to-number.ts'
import { Whatsapp } from './models.ts'
import type { QueueDescriber } from './serialize.ts'
import { DEFAULT_BACKOFF, type BackoffOptions } from './sessions/backoff.ts'
import { LocalLease, RedisLease, type SessionLease } from './sessions/lease.ts'
import { SessionManager, type MessageLookup } from './sessions/manager.ts'
import { RemoteCalls, type RemoteRequest } from './sessions/remote.ts'
import { SessionScheduler } from './sessions/scheduler.ts'

export interface ChannelOptions {
  /** Start every connection's session when the server is ready (off by default under NODE_ENV=test). */
  autoStart: boolean
  /** Pause between two session starts at boot, so a big install does not open every socket at once. */
  staggerMs: number
  backoff: BackoffOptions
  /** Lease length, renewal and scan periods: a dead owner's sessions move within about ttl + scan. */
  leaseTtlMs: number
  renewMs: number
  scanMs: number
  /** How long a request carried to another instance may take. */
  requestTimeoutMs: number
  /** The sandbox's pause between its simulated acks 1 -> 2 -> 3. */
  sandboxAckDelayMs: number
}

/** Lets the queues plugin check queue ids against the company (inside the write's transaction) and name them. */
export interface QueueHooks {
  validate?: (companyId: number, queueIds: number[], trx: Knex.Transaction) => Promise<void>
  describe?: QueueDescriber
}

/** Lets the prompts plugin check a prompt id against the company (inside the write's transaction). */
export interface PromptHooks {
  validate?: (companyId: number, promptId: number, trx: Knex.Transaction) => Promise<void>
}

type Op = 'start' | 'reset' | 'logout' | 'stop' | 'send' | 'wasSent' | 'markRead' | 'revoke' | 'checkNumber' | 'profilePicture' | 'command'

/**
 * `app.channels`: the drivers, the sessions and every action on them. Any instance may be asked; the action runs
 * on the instance that owns the session (the lease holder) and the answer comes back.
 */
export class Channels {
  readonly drivers = new DriverRegistry()
  readonly options: ChannelOptions
  readonly queueHooks: QueueHooks = {}
  readonly promptHooks: PromptHooks = {}
  /** The same for the integrations plugin (a connection's integrationId). */
  readonly integrationHooks: PromptHooks = {}
  private readonly lease: SessionLease
  private readonly manager: SessionManager
  private readonly remote?: RemoteCalls
  private readonly scheduler: SessionScheduler
  private lookup?: MessageLookup

  constructor(private app: FastifyInstance, options: Partial<ChannelOptions> = {}) {
    this.options = {
      autoStart: app.config.env !== 'test', staggerMs: 200, backoff: DEFAULT_BACKOFF, leaseTtlMs: 20_000, renewMs: 5000, scanMs: 10_000,
      requestTimeoutMs: 15_000, sandboxAckDelayMs: 500, ...options,
    }
    const prefix = app.config.redisPrefix
    this.lease = app.redis ? new RedisLease(app.redis.client, prefix, () => this.options.leaseTtlMs) : new LocalLease()
    this.manager = new SessionManager(app, this.drivers, this.lease, () => this.options.backoff, () => this.lookup)
    if (app.redis) this.remote = new RemoteCalls(app.redis, prefix, this.lease.instanceId, (r) => this.local(r), () => this.options.requestTimeoutMs)
    this.scheduler = new SessionScheduler(app, this.manager, this.lease, () => this.options)
  }

  get instanceId(): string {
    return this.lease.instanceId
  }

  register(driver: ChannelDriver): void {
    this.drivers.register(driver)
  }

  /** The message store that answers drivers' `getMessage` (the tickets plugin sets it). */
  setMessageLookup(lookup: MessageLookup): void {
    this.lookup = lookup
  }

  /** Starts, or restarts ("try again"), a connection's session. */
  start(companyId: number, whatsappId: number): Promise<boolean> {
    return this.route({ op: 'start', companyId, whatsappId }) as Promise<boolean>
  }
  /** "New QR": forget the pairing and start again. */
  reset(companyId: number, whatsappId: number): Promise<boolean> {
    return this.route({ op: 'reset', companyId, whatsappId }) as Promise<boolean>
  }
  /** Disconnect: unlink the device and stay DISCONNECTED until asked to start. */
  async logout(companyId: number, whatsappId: number): Promise<void> {
    await this.route({ op: 'logout', companyId, whatsappId })
  }
  /** Stops a session without touching its status (before the connection is deleted). */
  async stop(companyId: number, whatsappId: number): Promise<void> {
    await this.route({ op: 'stop', companyId, whatsappId })
  }
  /**
   * Sends to a phone number without a ticket (campaigns, the external API): retried while a retry may help, as
   * ticket messages are (send-failure.ts); a final failure is an AppError with its code. Another company's (or an
   * unknown) connection is 404 ERR_NO_WAPP_FOUND at once.
   */
  async sendToNumber(companyId: number, whatsappId: number, number: string, content: { body?: string; media?: OutboundMedia; id?: string }, options?: SendToNumberOptions): Promise<SentMessage> {
    if (!(await this.app.bind(Whatsapp).query().forCompany(companyId).findById(whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    return sendToNumber((message) => this.send(companyId, whatsappId, message), number, content, options)
  }

  send(companyId: number, whatsappId: number, message: OutboundMessage): Promise<SentMessage> {
    return this.route({ op: 'send', companyId, whatsappId, args: message }) as Promise<SentMessage>
  }
  /**
   * Whether the message sent under `id` to `to` left the connection (see OutboundMessage.id): null when its driver
   * cannot tell. The session must be up (ERR_WAPP_NOT_INITIALIZED otherwise): a sender asks again later.
   */
  async wasSent(companyId: number, whatsappId: number, to: string, id: string): Promise<boolean | null> {
    return (await this.route({ op: 'wasSent', companyId, whatsappId, args: { to, id } })) as boolean | null
  }
  /** Marks messages read at the channel: on demand only (the tickets plugin calls it when an agent opens a chat). */
  async markRead(companyId: number, whatsappId: number, refs: MessageRef[]): Promise<void> {
    await this.route({ op: 'markRead', companyId, whatsappId, args: refs })
  }
  /** Deletes a sent message for everyone; ERR_DELETE_WAPP_MSG when the driver cannot or the channel refuses. */
  async revoke(companyId: number, whatsappId: number, ref: MessageRef): Promise<void> {
    await this.route({ op: 'revoke', companyId, whatsappId, args: ref })
  }
  checkNumber(companyId: number, whatsappId: number, number: string): Promise<{ jid: string; number: string }> {
    return this.route({ op: 'checkNumber', companyId, whatsappId, args: number }) as Promise<{ jid: string; number: string }>
  }
  profilePicture(companyId: number, whatsappId: number, jid: string): Promise<string | null> {
    return this.route({ op: 'profilePicture', companyId, whatsappId, args: jid }) as Promise<string | null>
  }
  /** A driver's own action (the sandbox's message injection), run where the session lives. */
  command(companyId: number, whatsappId: number, name: string, args: unknown): Promise<unknown> {
    return this.route({ op: 'command', companyId, whatsappId, args: { name, args } })
  }

  /** The company's connection to use when none is named: the default if it is CONNECTED, else the oldest CONNECTED one. */
  async connectedFor(companyId: number): Promise<number | undefined> {
    const row = await this.app.bind(Whatsapp).query().forCompany(companyId).where({ status: 'CONNECTED' }).orderBy('isDefault', 'desc').orderBy('id').first()
    return row?.id
  }

  /** Ends a deleted company's sessions on this instance (each instance is told, see plugin.ts). */
  stopCompany(companyId: number): Promise<void> {
    return this.manager.stopCompany(companyId)
  }

  /** Starts the company's connections that were not disconnected (it is active again); one instance wins each lease. */
  async startCompany(companyId: number): Promise<void> {
    const rows = await this.app.bind(Whatsapp).query().forCompany(companyId).whereNot('status', 'DISCONNECTED').select('id')
    for (const row of rows) await this.manager.start(companyId, row.id).catch((err) => this.app.log.error({ err, whatsappId: row.id }, 'starting a session failed'))
  }

  /** Ends a deleted connection's session if it runs on this instance. */
  async stopDeleted(whatsappId: number): Promise<void> {
    if (this.manager.runner(whatsappId)) await this.manager.stop(whatsappId)
  }

  /** Whether this instance runs the connection's session now. */
  runsHere(whatsappId: number): boolean {
    return this.manager.runner(whatsappId) !== undefined
  }

  private async route(request: RemoteRequest): Promise<unknown> {
    if (this.manager.runner(request.whatsappId) || !this.remote) return this.local(request)
    const owner = await this.lease.owner(request.whatsappId)
    if (owner && owner !== this.lease.instanceId) return this.remote.call(owner, request)
    return this.local(request)
  }

  /** Runs an action on this instance's session of the connection. */
  private async local({ op, companyId, whatsappId, args }: RemoteRequest): Promise<unknown> {
    const m = this.manager
    switch (op as Op) {
      case 'start': return m.start(companyId, whatsappId)
      case 'reset': return m.reset(companyId, whatsappId)
      case 'logout': return m.logout(companyId, whatsappId)
      case 'stop': return m.stop(whatsappId)
    }
    const runner = m.runner(whatsappId)
    // A request names its company: a runner of another company's connection is never reached through it.
    if (!runner || runner.companyId !== companyId) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409)
    switch (op as Op) {
      case 'send': return runner.live().send(args as OutboundMessage)
      case 'wasSent': {
        const session = runner.live()
        const { to, id } = args as { to: string; id: string }
        return session.wasSent ? session.wasSent(to, id) : null
      }
      case 'markRead': return runner.live().markRead(args as MessageRef[])
      case 'revoke': {
        const session = runner.live()
        if (!session.revoke) throw new AppError('ERR_DELETE_WAPP_MSG', 400)
        return session.revoke(args as MessageRef)
      }
      case 'checkNumber': return runner.live().checkNumber(args as string)
      case 'profilePicture': return runner.live().profilePicture(args as string)
      case 'command': {
        const { name, args: inner } = args as { name: string; args: unknown }
        const session = runner.current()
        if (!session?.command) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409)
        return session.command(name, inner)
      }
    }
    throw new AppError('ERR_BAD_REQUEST', 400)
  }

  /** Server ready: listen for requests of other instances (a session this instance runs may be asked for at once). */
  async ready(): Promise<void> {
    await this.remote?.listen()
  }

  /** Background work (app.background): start the sessions, keep the leases, take over those nobody runs. */
  beginSessions(): void {
    this.scheduler.begin()
  }

  async close(): Promise<void> {
    this.scheduler.end()
    await this.manager.closeAll()
    this.remote?.close()
  }

  /** Test hook: behave like a killed process (sessions gone, leases left to expire, no more renewals). */
  abandon(): void {
    this.scheduler.end()
    this.manager.abandon()
    this.remote?.close()
  }
}
