import { createClient, type RedisClientType } from 'redis'
import type { FastifyBaseLogger } from 'fastify'

/**
 * The app's Redis connections: one for commands and publishing, one in subscriber mode. Subscriptions made before
 * `connect()` resolve are kept and applied; `ready()` resolves once every subscription made so far is active, so a
 * message published by another instance right after boot is not lost.
 */
export class RedisLink {
  readonly client: RedisClientType
  private readonly subscriber: RedisClientType
  private handlers = new Map<string, Array<(message: string) => void>>()
  private listening = new Map<string, Promise<void>>()

  constructor(readonly url: string, private log: FastifyBaseLogger) {
    this.client = createClient({ url, socket: { reconnectStrategy: (n) => Math.min(100 * 2 ** n, 5000) } })
    this.subscriber = this.client.duplicate()
    for (const c of [this.client, this.subscriber]) c.on('error', (err) => this.log.warn({ err: err.message }, 'redis error'))
  }

  async connect(): Promise<void> {
    await Promise.all([this.client.connect(), this.subscriber.connect()])
    for (const channel of this.handlers.keys()) this.listen(channel)
    await this.ready()
  }

  /** Adds a handler for a channel; the returned promise resolves when the channel is subscribed (after connect). */
  subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    const list = this.handlers.get(channel)
    if (list) list.push(handler)
    else this.handlers.set(channel, [handler])
    if (this.subscriber.isReady) this.listen(channel)
    return this.listening.get(channel) ?? Promise.resolve()
  }

  /** Resolves when every subscription made so far is active on the server. */
  async ready(): Promise<void> {
    await Promise.all(this.listening.values())
  }

  publish(channel: string, message: string): void {
    this.client.publish(channel, message).catch((err) => this.log.error({ err, channel }, 'redis publish failed'))
  }

  private listen(channel: string): void {
    if (this.listening.has(channel)) return
    const done = this.subscriber.subscribe(channel, (message) => {
      for (const h of this.handlers.get(channel) ?? []) {
        // One bad handler (or a malformed message from a foreign publisher) must not starve the others.
        try {
          h(message)
        } catch (err) {
          this.log.error({ err, channel }, 'redis message handler failed')
        }
      }
    }).catch((err) => {
      this.listening.delete(channel)
      this.log.error({ err, channel }, 'redis subscribe failed')
    })
    this.listening.set(channel, done)
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.client.quit()])
  }
}
