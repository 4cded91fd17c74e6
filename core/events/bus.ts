import { EventEmitter } from 'node:events'
import type { FastifyBaseLogger } from 'fastify'
import type { DomainEvents } from './types.ts'
import type { RedisLink } from '../redis/link.ts'

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void | Promise<void>

export interface SubscribeOptions {
  /** 'local' (default): runs once, on the instance that emitted. 'cluster': runs on every instance. */
  scope?: 'local' | 'cluster'
}

const CHANNEL = 'zapdesk:events'

/**
 * The typed in-process domain event bus. Emitting never throws into the emitter: handler failures are logged.
 * With Redis, events are also published so 'cluster' handlers on other instances run (e.g. realtime fan-out).
 */
export class EventBus {
  private local = new EventEmitter({ captureRejections: false })
  private cluster = new EventEmitter({ captureRejections: false })
  private readonly instanceId = Math.random().toString(36).slice(2)
  private pending = new Set<Promise<unknown>>()

  constructor(private log: FastifyBaseLogger, private redis?: RedisLink) {
    this.local.setMaxListeners(0)
    this.cluster.setMaxListeners(0)
    redis?.subscribe(CHANNEL, (raw) => {
      const msg = JSON.parse(raw) as { from: string; name: string; payload: unknown }
      if (msg.from !== this.instanceId) this.cluster.emit(msg.name, msg.payload)
    })
  }

  on<K extends keyof DomainEvents>(name: K, handler: Handler<K>, options: SubscribeOptions = {}): () => void {
    const target = options.scope === 'cluster' ? this.cluster : this.local
    const wrapped = (payload: DomainEvents[K]) => {
      const run = (async () => handler(payload))().catch((err) => this.log.error({ err, event: name }, 'domain event handler failed'))
      this.pending.add(run)
      void run.finally(() => this.pending.delete(run))
    }
    target.on(name, wrapped)
    return () => target.off(name, wrapped)
  }

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.local.emit(name, payload)
    this.cluster.emit(name, payload)
    if (this.redis) {
      this.redis.publish(CHANNEL, JSON.stringify({ from: this.instanceId, name, payload }))
    }
  }

  /** Resolves when every handler started so far has finished (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending])
  }
}
