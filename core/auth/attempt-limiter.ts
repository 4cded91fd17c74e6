import type { RedisLink } from '../redis/link.ts'

/**
 * Counts attempts per key in a fixed window: in memory, or in Redis so every instance shares the count.
 */
export class AttemptLimiter {
  private memory = new Map<string, { count: number; resetAt: number }>()

  constructor(private prefix: string, private redis?: RedisLink) {}

  /** Attempts recorded for the key in the current window. */
  async count(key: string): Promise<number> {
    if (this.redis) return Number((await this.redis.client.get(this.prefix + key)) ?? 0)
    const entry = this.memory.get(key)
    return entry && entry.resetAt > Date.now() ? entry.count : 0
  }

  async record(key: string, windowMs: number): Promise<void> {
    if (this.redis) {
      const k = this.prefix + key
      const n = await this.redis.client.incr(k)
      if (n === 1) await this.redis.client.pExpire(k, windowMs)
      return
    }
    const now = Date.now()
    const entry = this.memory.get(key)
    if (!entry || entry.resetAt <= now) this.memory.set(key, { count: 1, resetAt: now + windowMs })
    else entry.count++
    if (this.memory.size > 10_000) for (const [k, e] of this.memory) if (e.resetAt <= now) this.memory.delete(k)
  }

  async reset(key: string): Promise<void> {
    if (this.redis) await this.redis.client.del(this.prefix + key)
    else this.memory.delete(key)
  }
}
