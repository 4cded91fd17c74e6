import type { TableWatch } from '../db/table-writes.ts'
import type { AuthContext } from './types.ts'

interface Entry {
  ctx: AuthContext
  timezone: string
  expires: number
}

const MAX_ENTRIES = 10_000

/**
 * The auth contexts of recent requests by session, so an API request does not read its user, company, plan,
 * session and queue links again (two of the queries of every request). Kept right by a watch over the tables a
 * context is read from (core/db/table-writes.ts): any write to them drops every kept context, here at once and on
 * the other instances once applied, so sign-out, a password change or a deactivated company is seen by the next
 * request without its writer knowing of the cache. `ttlMs` bounds how long a write made outside the app goes unseen.
 */
export class AuthContextCache {
  private entries = new Map<number, Entry>()
  private watch: TableWatch | undefined

  constructor(readonly ttlMs: number) {}

  /** The watch over the context's tables (set once they are known, when the plugins have added their loaders). */
  watchWith(watch: TableWatch): void {
    this.watch = watch
  }

  /** A copy of the kept context of this session when it is still the token's user and version; overdue as of now. */
  get(sessionId: number, userId: number, tokenVersion: number, now: number, today: (timezone: string) => string): AuthContext | undefined {
    const entry = this.entries.get(sessionId)
    if (!entry) return undefined
    if (entry.expires <= now) {
      this.entries.delete(sessionId)
      return undefined
    }
    const { ctx } = entry
    if (ctx.userId !== userId || ctx.tokenVersion !== tokenVersion) return undefined
    return { ...ctx, queueIds: [...ctx.queueIds], overdue: !ctx.super && ctx.dueDate !== null && ctx.dueDate < today(entry.timezone) }
  }

  /** The generation a read starts at: pass it to keep(). */
  mark(): number {
    return this.watch?.mark() ?? 0
  }

  /** Keeps a context read since `generation`, unless a watched write happened or may still be uncommitted since. */
  keep(sessionId: number, ctx: AuthContext, timezone: string, generation: number, now = Date.now()): void {
    if (!this.watch?.mayKeep(generation)) return
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
    this.entries.set(sessionId, { ctx: { ...ctx, queueIds: [...ctx.queueIds] }, timezone, expires: now + this.ttlMs })
  }

  /** Forgets every kept context. */
  drop(): void {
    this.entries.clear()
  }
}
