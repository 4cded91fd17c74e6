import type { RedisLink } from '../redis/link.ts'

/** INCR that always leaves the key with an expiry (a crash between INCR and PEXPIRE cannot make it immortal). */
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`
/** DECR that never goes below zero. */
const RELEASE_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`

/**
 * Counts attempts per key in a fixed window: in memory, or in Redis so every instance shares the count.
 * `hit` counts an attempt before it is checked (so concurrent attempts cannot all slip past a limit) and
 * `release` takes it back when it should not count after all (e.g. a successful sign-in).
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

  /** Records one attempt and answers how many the window now holds (this one included). */
  async hit(key: string, windowMs: number): Promise<number> {
    return (await this.hitWindow(key, windowMs)).count
  }

  /** As hit, with the time left in the window (a rate limit's Retry-After). */
  async hitWindow(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    if (this.redis) {
      const [count, ttl] = await this.redis.client.eval(HIT_SCRIPT, { keys: [this.prefix + key], arguments: [String(windowMs)] }) as [number, number]
      return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) }
    }
    const now = Date.now()
    let entry = this.memory.get(key)
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs }
      this.memory.set(key, entry)
    }
    entry.count++
    if (this.memory.size > 10_000) for (const [k, e] of this.memory) if (e.resetAt <= now) this.memory.delete(k)
    return { count: entry.count, resetInMs: entry.resetAt - now }
  }

  async record(key: string, windowMs: number): Promise<void> {
    await this.hit(key, windowMs)
  }

  /** Takes back one attempt of the current window. */
  async release(key: string): Promise<void> {
    if (this.redis) {
      await this.redis.client.eval(RELEASE_SCRIPT, { keys: [this.prefix + key] })
      return
    }
    const entry = this.memory.get(key)
    if (entry && entry.count > 0) entry.count--
  }

  async reset(key: string): Promise<void> {
    if (this.redis) await this.redis.client.del(this.prefix + key)
    else this.memory.delete(key)
  }
}
