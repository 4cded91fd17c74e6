import { EventEmitter } from 'node:events'
import type { FastifyBaseLogger } from 'fastify'
import type { DomainEvents } from './types.ts'
import type { RedisLink } from '../redis/link.ts'

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void | Promise<void>

export interface SubscribeOptions {
  /** 'local' (default): runs once, on the instance that emitted. 'cluster': runs on every instance. */
  scope?: 'local' | 'cluster'
}

/**
 * The typed in-process domain event bus. Emitting never throws into the emitter: handler failures are logged.
 * With Redis, events are also published so 'cluster' handlers on other instances run (e.g. realtime fan-out).
 */
export class EventBus {
  private local = new EventEmitter({ captureRejections: false })
  private cluster = new EventEmitter({ captureRejections: false })
  private pending = new Set<Promise<unknown>>()
  private readonly channel: string

  /** `prefix` is the install's Redis namespace: installs (or test apps) sharing one Redis must not hear each other. */
  constructor(private log: FastifyBaseLogger, private redis?: RedisLink, prefix = 'zapdesk') {
    this.local.setMaxListeners(0)
    this.cluster.setMaxListeners(0)
    this.channel = `${prefix}:events`
    redis?.subscribe(this.channel, (raw) => {
      const msg = JSON.parse(raw) as { name: string; payload: unknown }
      this.cluster.emit(msg.name, msg.payload)
    }, { othersOnly: true })
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
    // Every instance runs the same plugins, so the cluster handlers registered here are the ones registered on the
    // others: an event without any (most per-message events) is not sent to them at all.
    if (this.redis && this.cluster.listenerCount(name) > 0) this.redis.publish(this.channel, JSON.stringify({ name, payload }))
  }

  private owners = new Map<string, string>()

  /** Adds an owner's events to the catalogue (the kernel's, then each plugin's manifest `events`); a name has one owner. */
  declare(owner: string, names: readonly string[]): void {
    for (const name of names) {
      const current = this.owners.get(name)
      if (current !== undefined && current !== owner) throw new Error(`Domain event "${name}" is declared by both "${current}" and "${owner}"`)
      this.owners.set(name, owner)
    }
  }

  /** The catalogue: every declared event with the kernel or plugin that emits it, by name. */
  catalogue(): Array<{ name: string; owner: string }> {
    return [...this.owners].map(([name, owner]) => ({ name, owner })).sort((a, b) => a.name.localeCompare(b.name))
  }

  /** Resolves when every handler started so far has finished (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending])
  }
}
