import type { FastifyInstance } from 'fastify'
import type { TicketJson } from './serialize.ts'
import type { MessageJson } from '../messages/serialize.ts'

/**
 * Values shared by the callers of one tick. One change emits several domain events at once (a stored message:
 * ticket.updated, message.created, ticket.unreadChanged), and their realtime handlers all want the same ticket: the
 * first asks for it, the others, in the same synchronous run, get the same promise. The entries are dropped by a
 * microtask queued before the first load starts, so a load is only ever shared by callers that asked before it read
 * anything: each handler sees the ticket at least as new as the event it handles. A later event loads again.
 */
export class TickMemo<T> {
  private entries = new Map<string, Promise<T>>()

  get(key: string): Promise<T> | undefined {
    return this.entries.get(key)
  }

  /** The value of this tick, or `load()`'s, shared with the rest of the tick. */
  getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key)
    if (hit) return hit
    this.arm()
    return this.keep(key, load())
  }

  /** Offers a value for this tick (e.g. built by the emitter from what it just wrote). */
  offer(key: string, value: Promise<T>): void {
    this.arm()
    this.keep(key, value)
  }

  private arm(): void {
    if (this.entries.size === 0) queueMicrotask(() => this.entries.clear())
  }

  private keep(key: string, value: Promise<T>): Promise<T> {
    // An offer nobody takes must not end as an unhandled rejection; takers still see the error.
    value.catch(() => undefined)
    this.entries.set(key, value)
    return value
  }
}

/** The tickets plugin's per-app memos for realtime frames (tickets and messages as JSON). */
export interface FrameData {
  tickets: TickMemo<TicketJson | null>
  messages: TickMemo<MessageJson | null>
}

const perApp = new WeakMap<FastifyInstance, FrameData>()

export function frameData(app: FastifyInstance): FrameData {
  let data = perApp.get(app)
  if (!data) perApp.set(app, (data = { tickets: new TickMemo(), messages: new TickMemo() }))
  return data
}

export const frameKey = (companyId: number, id: number): string => `${companyId}:${id}`

/**
 * The emitter of a change offers the JSON it can build from what it just wrote, right before emitting the events:
 * their realtime handlers take it instead of reading the rows again.
 */
export function offerFrames(app: FastifyInstance, companyId: number, offer: { ticket?: { id: number; json: Promise<TicketJson | null> }; message?: { id: number; json: Promise<MessageJson | null> } }): void {
  const data = frameData(app)
  if (offer.ticket) data.tickets.offer(frameKey(companyId, offer.ticket.id), offer.ticket.json)
  if (offer.message) data.messages.offer(frameKey(companyId, offer.message.id), offer.message.json)
}
