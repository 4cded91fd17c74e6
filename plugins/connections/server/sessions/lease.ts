import { randomBytes } from 'node:crypto'

/**
 * Who runs a connection's session. With several instances a session must run in exactly one: the instance that
 * holds its lease. In Redis the lease is a key with a time limit, renewed while the owner lives, so when the owner
 * dies the key expires and another instance takes the session over.
 */
export interface SessionLease {
  readonly instanceId: string
  readonly clustered: boolean
  acquire(whatsappId: number): Promise<boolean>
  release(whatsappId: number): Promise<void>
  /** The owning instance, or null when nobody holds it. */
  owner(whatsappId: number): Promise<string | null>
  /** Extends the leases of these ids; returns the ids this instance no longer holds. */
  renew(whatsappIds: number[]): Promise<number[]>
}

export const newInstanceId = (): string => `${process.pid}-${randomBytes(4).toString('hex')}`

/** One instance: every session is ours. */
export class LocalLease implements SessionLease {
  readonly clustered = false
  constructor(readonly instanceId = newInstanceId()) {}
  async acquire(): Promise<boolean> {
    return true
  }
  async release(): Promise<void> {}
  async owner(): Promise<string | null> {
    return this.instanceId
  }
  async renew(): Promise<number[]> {
    return []
  }
}

/** The commands of a Redis client the lease uses (the `redis` package's client fits). */
export interface LeaseRedis {
  set(key: string, value: string, options: { NX: true; PX: number }): Promise<string | null | unknown>
  get(key: string): Promise<string | null | unknown>
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
}

// Only the holder may extend or drop its lease: compare-and-act in one step, so an expired owner that wakes up
// cannot extend or delete the lease another instance took meanwhile. A lease nobody holds is taken back: Redis lost
// it (a restart without persistence, a failover), and the session it guards is still running here.
const RENEW = "local v = redis.call('get', KEYS[1]) if v == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) elseif not v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 else return 0 end"
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

export class RedisLease implements SessionLease {
  readonly clustered = true

  /** `ttlMs` is read at each call, so tests can shorten leases after the app is built. */
  constructor(private redis: LeaseRedis, private prefix: string, private ttlMs: () => number, readonly instanceId = newInstanceId()) {}

  private key(id: number): string {
    return `${this.prefix}:channels:lease:${id}`
  }

  async acquire(id: number): Promise<boolean> {
    if ((await this.redis.set(this.key(id), this.instanceId, { NX: true, PX: this.ttlMs() })) === 'OK') return true
    // Already ours (a restart of a session we run): extend instead of failing.
    return Number(await this.redis.eval(RENEW, { keys: [this.key(id)], arguments: [this.instanceId, String(this.ttlMs())] })) === 1
  }

  async release(id: number): Promise<void> {
    await this.redis.eval(RELEASE, { keys: [this.key(id)], arguments: [this.instanceId] })
  }

  async owner(id: number): Promise<string | null> {
    const value = await this.redis.get(this.key(id))
    return typeof value === 'string' ? value : null
  }

  async renew(ids: number[]): Promise<number[]> {
    const lost: number[] = []
    for (const id of ids) {
      const ok = await this.redis.eval(RENEW, { keys: [this.key(id)], arguments: [this.instanceId, String(this.ttlMs())] })
      if (Number(ok) !== 1) lost.push(id)
    }
    return lost
  }
}
