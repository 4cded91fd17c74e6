import { randomBytes } from 'node:crypto'
import { AppError } from '@zapdesk/plugin-api'

/**
 * Requests between instances over Redis pub/sub: a send (or a session action) asked on any instance is carried
 * to the instance that owns the session and its answer comes back. Each instance listens on its own channel.
 */

/** The publish/subscribe part of the app's Redis link. */
export interface PubSub {
  subscribe(channel: string, handler: (message: string) => void): Promise<void>
  publish(channel: string, message: string): void
}

export interface RemoteRequest {
  op: string
  companyId: number
  whatsappId: number
  args?: unknown
}

type Handler = (request: RemoteRequest) => Promise<unknown>

interface Envelope {
  id: string
  from: string
  request?: RemoteRequest
  reply?: { ok: true; value: unknown } | { ok: false; code: string; status: number; message: string }
}

// Buffers (outbound media) cross as base64 rather than JSON's array of numbers.
const replacer = (_key: string, value: unknown) => {
  const v = value as { type?: string; data?: number[] } | null
  return v && v.type === 'Buffer' && Array.isArray(v.data) ? { $buffer: Buffer.from(v.data).toString('base64') } : value
}
const reviver = (_key: string, value: unknown) => {
  const v = value as { $buffer?: string } | null
  return v && typeof v === 'object' && typeof v.$buffer === 'string' ? Buffer.from(v.$buffer, 'base64') : value
}

export class RemoteCalls {
  private pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout }>()
  private closed = false

  constructor(private bus: PubSub, private prefix: string, private instanceId: string, private handler: Handler, private timeoutMs: () => number) {}

  private channel(instanceId: string): string {
    return `${this.prefix}:channels:rpc:${instanceId}`
  }

  async listen(): Promise<void> {
    await this.bus.subscribe(this.channel(this.instanceId), (raw) => void this.receive(raw))
  }

  /** Runs `request` on the instance `owner`; rejects with ERR_WAPP_NOT_INITIALIZED when it does not answer in time. */
  call(owner: string, request: RemoteRequest): Promise<unknown> {
    const id = randomBytes(8).toString('hex')
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new AppError('ERR_WAPP_NOT_INITIALIZED', 409, { reason: 'the instance running this session did not answer' }))
      }, this.timeoutMs())
      timer.unref()
      this.pending.set(id, { resolve, reject, timer })
      this.bus.publish(this.channel(owner), JSON.stringify({ id, from: this.instanceId, request } satisfies Envelope, replacer))
    })
  }

  private async receive(raw: string): Promise<void> {
    if (this.closed) return
    const msg = JSON.parse(raw, reviver) as Envelope
    if (msg.reply) {
      const waiting = this.pending.get(msg.id)
      if (!waiting) return
      this.pending.delete(msg.id)
      clearTimeout(waiting.timer)
      if (msg.reply.ok) waiting.resolve(msg.reply.value)
      else waiting.reject(new AppError(msg.reply.code, msg.reply.status, undefined, msg.reply.message))
      return
    }
    if (!msg.request) return
    let reply: Envelope['reply']
    try {
      reply = { ok: true, value: await this.handler(msg.request) }
    } catch (err) {
      const e = err as { code?: string; statusCode?: number; message?: string }
      reply = err instanceof AppError ? { ok: false, code: e.code!, status: e.statusCode!, message: e.message! } : { ok: false, code: 'ERR_INTERNAL', status: 500, message: 'remote session call failed' }
    }
    this.bus.publish(this.channel(msg.from), JSON.stringify({ id: msg.id, from: this.instanceId, reply } satisfies Envelope, replacer))
  }

  close(): void {
    this.closed = true
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer)
      reject(new AppError('ERR_WAPP_NOT_INITIALIZED', 409))
    }
    this.pending.clear()
  }
}
