import { createClient, type RedisClientType } from 'redis'
import type { FastifyBaseLogger } from 'fastify'

/**
 * The app's Redis connections: one for commands and publishing, one in subscriber mode. Subscriptions made before
 * `connect()` resolve are kept and applied.
 */
export class RedisLink {
  readonly client: RedisClientType
  private readonly subscriber: RedisClientType
  private handlers = new Map<string, Array<(message: string) => void>>()

  constructor(readonly url: string, private log: FastifyBaseLogger) {
    this.client = createClient({ url, socket: { reconnectStrategy: (n) => Math.min(100 * 2 ** n, 5000) } })
    this.subscriber = this.client.duplicate()
    for (const c of [this.client, this.subscriber]) c.on('error', (err) => this.log.warn({ err: err.message }, 'redis error'))
  }

  async connect(): Promise<void> {
    await Promise.all([this.client.connect(), this.subscriber.connect()])
    for (const channel of this.handlers.keys()) await this.listen(channel)
  }

  subscribe(channel: string, handler: (message: string) => void): void {
    const list = this.handlers.get(channel)
    if (list) return void list.push(handler)
    this.handlers.set(channel, [handler])
    if (this.subscriber.isReady) void this.listen(channel)
  }

  publish(channel: string, message: string): void {
    this.client.publish(channel, message).catch((err) => this.log.error({ err, channel }, 'redis publish failed'))
  }

  private async listen(channel: string): Promise<void> {
    await this.subscriber.subscribe(channel, (message) => {
      for (const h of this.handlers.get(channel) ?? []) h(message)
    })
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.client.quit()])
  }
}
