import { randomBytes } from 'node:crypto'
import { RedisCommands, redisConnection, type RedisConnection } from './commands.ts'
import type { FastifyBaseLogger } from 'fastify'

interface Subscription {
  handler: (message: string) => void
  /** Skip what this link published itself (decided per published batch, before anything is parsed). */
  othersOnly: boolean
}

/**
 * The app's Redis connections: one for commands and publishing, one in subscriber mode. Subscriptions made before
 * `connect()` resolve are kept and applied; `ready()` resolves once every subscription made so far is active, so a
 * message published by another instance right after boot is not lost.
 *
 * What is published during one turn of the event loop leaves as one PUBLISH per channel: the link's id, then one
 * message per line (a burst of events, several frames per inbound message, would otherwise cost a round trip and a
 * parse on every instance for each). Messages are JSON text, which never holds a raw newline.
 */
export class RedisLink {
  /** The commands the app sends (get, set, del, eval, publish) over the command connection. */
  readonly client: RedisCommands
  private readonly connection: RedisConnection
  private readonly subscriber: RedisConnection
  private handlers = new Map<string, Subscription[]>()
  private listening = new Map<string, Promise<void>>()
  private outbox = new Map<string, string[]>()
  private flushing: NodeJS.Immediate | undefined
  /** Names this link's batches: subscribers that want only other instances' messages skip these unread. */
  readonly id = randomBytes(8).toString('hex')

  constructor(readonly url: string, private log: FastifyBaseLogger) {
    this.connection = redisConnection(url)
    this.subscriber = this.connection.duplicate()
    this.client = new RedisCommands(this.connection)
    for (const c of [this.connection, this.subscriber]) c.on('error', (err: Error) => this.log.warn({ err: err.message }, 'redis error'))
  }

  async connect(): Promise<void> {
    await Promise.all([this.connection.connect(), this.subscriber.connect()])
    for (const channel of this.handlers.keys()) this.listen(channel)
    await this.ready()
  }

  /**
   * Adds a handler for a channel; the returned promise resolves when the channel is subscribed (after connect).
   * `othersOnly`: the handler does not hear what this link published.
   */
  subscribe(channel: string, handler: (message: string) => void, options: { othersOnly?: boolean } = {}): Promise<void> {
    const subscription = { handler, othersOnly: options.othersOnly === true }
    const list = this.handlers.get(channel)
    if (list) list.push(subscription)
    else this.handlers.set(channel, [subscription])
    if (this.subscriber.isReady) this.listen(channel)
    return this.listening.get(channel) ?? Promise.resolve()
  }

  /** Resolves when every subscription made so far is active on the server. */
  async ready(): Promise<void> {
    await Promise.all(this.listening.values())
  }

  /** Queues a message (one line of JSON text) for the channel; it leaves at the end of this event-loop turn. */
  publish(channel: string, message: string): void {
    if (message.includes('\n')) throw new Error('a RedisLink message must be a single line (JSON text)')
    const queued = this.outbox.get(channel)
    if (queued) queued.push(message)
    else this.outbox.set(channel, [message])
    this.flushing ??= setImmediate(() => this.flush())
  }

  private flush(): void {
    this.flushing = undefined
    const batches = [...this.outbox]
    this.outbox.clear()
    for (const [channel, messages] of batches) {
      this.client.publish(channel, `${this.id}\n${messages.join('\n')}`).catch((err) => this.log.error({ err, channel }, 'redis publish failed'))
    }
  }

  /** Splits a published batch and hands each message to the channel's handlers. */
  private receive(channel: string, batch: string): void {
    const newline = batch.indexOf('\n')
    if (newline < 0) return
    const own = batch.slice(0, newline) === this.id
    const handlers = (this.handlers.get(channel) ?? []).filter((s) => !(own && s.othersOnly))
    if (!handlers.length) return
    for (const message of batch.slice(newline + 1).split('\n')) {
      for (const { handler } of handlers) {
        // One bad handler (or a malformed message from a foreign publisher) must not starve the others.
        try {
          handler(message)
        } catch (err) {
          this.log.error({ err, channel }, 'redis message handler failed')
        }
      }
    }
  }

  private listen(channel: string): void {
    if (this.listening.has(channel)) return
    const done = this.subscriber.subscribe(channel, (batch: string) => this.receive(channel, batch)).catch((err) => {
      this.listening.delete(channel)
      this.log.error({ err, channel }, 'redis subscribe failed')
    })
    this.listening.set(channel, done)
  }

  async close(): Promise<void> {
    if (this.flushing) {
      clearImmediate(this.flushing)
      this.flush()
    }
    await Promise.allSettled([this.subscriber.quit(), this.connection.quit()])
  }
}
