import { randomBytes } from 'node:crypto'
import { AppError } from '@zapdesk/plugin-api'
import type { Ack, ChannelDriver, ChannelSession, MessageRef, OutboundMessage, SentMessage, SessionHost } from '../driver.ts'
import { SandboxOutbox } from '../models.ts'
import { targetJid } from '../baileys/outbound.ts'
import { injectedEvent, type InjectPayload } from './inject.ts'

/** Sandbox "phone numbers": digits only, 10 to 15 of them (country code included). */
export const SANDBOX_NUMBER = /^\d{10,15}$/

/** Random bytes drawn 4 KiB at a time: one call per 512 ids, not one each (an ingest benchmark injects thousands a second). */
let pool = Buffer.alloc(0)
let used = 0

export function newExternalId(): string {
  if (used + 8 > pool.length) {
    pool = randomBytes(4096)
    used = 0
  }
  used += 8
  return `SBX${pool.toString('hex', used - 8, used).toUpperCase()}`
}

export interface SandboxDriverOptions {
  /** Pause between the simulated acks 1 -> 2 -> 3 (read at each send, so tests may change it). */
  ackDelayMs: () => number
}

/**
 * A connection that behaves like a paired phone with no phone at all: it connects at once, takes inbound messages
 * from its admin API, writes what the platform sends to `sandbox_outbox` and acknowledges it (delivered, then
 * read) a moment later. Demos, e2e tests and benchmarks run on it offline.
 */
class SandboxSession implements ChannelSession {
  private timers = new Set<NodeJS.Timeout>()
  private stopped = false
  private acking: Promise<void> = Promise.resolve()
  /** Messages marked read, newest last (the sandbox's proof that reading happens only on demand). */
  readonly reads: MessageRef[] = []
  /** Messages deleted for everyone, newest last. */
  readonly revokes: MessageRef[] = []

  constructor(private host: SessionHost, private options: SandboxDriverOptions) {}

  async start(): Promise<void> {
    this.host.status({ status: 'CONNECTED', qrcode: '' })
  }

  async stop(): Promise<void> {
    this.stopped = true
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    await this.acking
  }

  async logout(): Promise<void> {
    await this.stop()
  }

  private outbox() {
    return this.host.app.bind(SandboxOutbox).query().forCompany(this.host.companyId)
  }

  async send(message: OutboundMessage): Promise<SentMessage> {
    const jid = targetJid(message.to)
    const number = jid.split('@')[0]
    if (jid.endsWith('@s.whatsapp.net') && !SANDBOX_NUMBER.test(number)) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400)
    if (!message.body && !message.media && !message.location) throw new AppError('ERR_SENDING_WAPP_MSG', 400)
    const externalId = message.id ?? newExternalId()
    // Like WhatsApp, a message id sent again is the same message: the outbox keeps one.
    const earlier = message.id ? await this.outbox().where({ whatsappId: this.host.whatsappId, externalId }).first() : undefined
    if (earlier) return { externalId, timestamp: earlier.createdAt ?? new Date().toISOString(), ack: 1 }
    const row = await this.outbox().insert({
      whatsappId: this.host.whatsappId, externalId, toJid: jid, body: message.body ?? null,
      mediaType: message.media?.type ?? (message.location ? 'location' : null), mimetype: message.media?.mimetype ?? null,
      fileName: message.media?.fileName ?? null, mediaSize: message.media?.data.length ?? null, quotedId: message.quoted?.externalId ?? null,
      latitude: message.location?.latitude ?? null, longitude: message.location?.longitude ?? null, ack: 1,
    })
    const delay = this.options.ackDelayMs()
    this.later(delay, () => this.ack(externalId, jid, 2))
    this.later(2 * delay, () => this.ack(externalId, jid, 3))
    return { externalId, timestamp: row.createdAt ?? new Date().toISOString(), ack: 1 }
  }

  async wasSent(to: string, id: string): Promise<boolean> {
    return Boolean(await this.outbox().where({ whatsappId: this.host.whatsappId, externalId: id, toJid: targetJid(to) }).first())
  }

  private later(ms: number, task: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      // One ack write at a time: a slow "delivered" must not land after (and overwrite) its "read".
      this.acking = this.acking.then(task).catch((err) => this.host.log.warn({ err }, 'sandbox ack failed'))
    }, ms)
    timer.unref()
    this.timers.add(timer)
  }

  private async ack(externalId: string, chatJid: string, ack: Ack): Promise<void> {
    if (this.stopped) return
    await this.outbox().where({ whatsappId: this.host.whatsappId, externalId }).where('ack', '<', ack).patch({ ack })
    this.host.ack({ externalId, chatJid, ack })
  }

  async markRead(refs: MessageRef[]): Promise<void> {
    this.reads.push(...refs)
  }

  /** Like WhatsApp, only a message this connection sent can be revoked. */
  async revoke(ref: MessageRef): Promise<void> {
    const sent = await this.outbox().where({ whatsappId: this.host.whatsappId, externalId: ref.externalId }).first()
    if (!sent) throw new AppError('ERR_DELETE_WAPP_MSG', 400)
    this.revokes.push(ref)
  }

  async profilePicture(): Promise<string | null> {
    return null
  }

  async checkNumber(number: string): Promise<{ jid: string; number: string }> {
    const digits = number.replace(/\D/g, '')
    if (!SANDBOX_NUMBER.test(digits) || digits.length !== number.replace(/[\s+()-]/g, '').length) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400)
    return { jid: `${digits}@s.whatsapp.net`, number: digits }
  }

  async command(name: string, args: unknown): Promise<unknown> {
    if (name === 'inject') {
      const event = injectedEvent(args as InjectPayload, newExternalId)
      this.host.inbound(event)
      return { id: event.externalId }
    }
    if (name === 'drop') {
      this.host.closed(args === 'loggedOut' ? 'loggedOut' : 'lost', 'sandbox drop', args === 'loggedOut' ? 'loggedOut' : 'network')
      return null
    }
    if (name === 'reads') return this.reads
    if (name === 'revokes') return this.revokes
    throw new AppError('ERR_BAD_REQUEST', 400)
  }
}

export function sandboxDriver(options: SandboxDriverOptions): ChannelDriver {
  return { provider: 'sandbox', label: 'Sandbox (simulated phone)', createSession: (host) => new SandboxSession(host, options) }
}
