import bcrypt from 'bcryptjs'
import type { Knex } from 'knex'
import type { FastifyInstance } from 'fastify'
import type { AccessClaims, AuthContext } from './types.ts'
import type { TableWatch } from '../db/table-writes.ts'
import type { UserDecorator } from '../accounts/serialize.ts'
import { SessionStore } from './sessions.ts'
import { featuresNow } from '../accounts/switched-off.ts'
import { AuthContextCache } from './context-cache.ts'
import { VerifiedTokens } from './verified-tokens.ts'
import { USER_BOOKKEEPING } from '../accounts/user-names.ts'
import { safeTimezone } from '../time/zone.ts'

export type UserExtraWriter = (trx: Knex.Transaction, companyId: number, userId: number, body: Record<string, unknown>) => Promise<void>

/** Adds to the auth context of a request (e.g. the queues plugin fills queueIds). */
export type AuthContextLoader = (ctx: AuthContext) => Promise<void>

/** The kernel tables a context is read from (loadContext and the module switches behind its features). */
const CONTEXT_TABLES = ['users', 'companies', 'plans', 'userSessions', 'companyModules', 'settings']
/** How long a kept context may miss a write no instance saw (made by another process outside the cluster). */
const CONTEXT_TTL_MS = 10_000

interface AuthRow {
  id: number; companyId: number; name: string; email: string; profile: 'admin' | 'user'; super: number | boolean
  allTicket: 'enabled' | 'desabled'; tokenVersion: number; dueDate: string | null; timezone: string; status: number | boolean
  features: string | null
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** '7d', '15m' (the config's token lifetimes, checked by its schema) in milliseconds. */
const durationMs = (ttl: string): number => Number(ttl.slice(0, -1)) * UNIT_MS[ttl.slice(-1)]

/** One formatter per timezone: building an Intl.DateTimeFormat costs more than a whole auth query, on every request. */
const dayFormats = new Map<string, Intl.DateTimeFormat>()
/**
 * The day last formatted per timezone, with the UTC minute it holds for: every offset is a whole number of minutes,
 * so a day never changes within one, and formatting (asked on every request for the overdue check) runs once a minute.
 */
const days = new Map<string, { minute: number; day: string }>()

/** Today's date (yyyy-mm-dd) in a timezone. */
export function todayIn(timezone: string, now = Date.now()): string {
  const minute = Math.floor(now / 60_000)
  const kept = days.get(timezone)
  if (kept?.minute === minute) return kept.day
  let day: string
  try {
    let format = dayFormats.get(timezone)
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone })
      if (dayFormats.size < 1000) dayFormats.set(timezone, format)
    }
    day = format.format(now)
  } catch {
    day = new Date(now).toISOString().slice(0, 10)
  }
  if (days.size < 1000 || days.has(timezone)) days.set(timezone, { minute, day })
  return day
}

/** Passwords, tokens and the per-request auth context. */
export class AuthService {
  readonly contextLoaders: AuthContextLoader[] = []
  /** Request contexts by session, dropped by any write to the tables they are read from (context-cache.ts). */
  readonly contexts = new AuthContextCache(CONTEXT_TTL_MS)
  /** Access tokens whose signature was checked, with their claims, until they expire (verified-tokens.ts). */
  readonly verifiedTokens = new VerifiedTokens<AccessClaims>()
  private readonly contextWatch: TableWatch
  /** Plugins add the user fields they own (queues, connection) to user answers. */
  readonly userDecorators: UserDecorator[] = []

  /** Plugins save the user fields they own (queueIds, whatsappId) inside the user's transaction. */
  readonly userExtras: UserExtraWriter[] = []

  /** The users' sign-ins (several per user). */
  readonly sessions: SessionStore

  constructor(private app: FastifyInstance) {
    this.sessions = new SessionStore(app, durationMs(app.config.refreshTokenTtl))
    this.contextWatch = app.tableWrites.watch(CONTEXT_TABLES, () => this.contexts.drop(), { ignoreColumns: USER_BOOKKEEPING })
    this.contexts.watchWith(this.contextWatch)
  }

  /** Adds a loader to every request's context; `reads` names the tables it reads, so writes to them drop kept contexts. */
  addContextLoader(load: AuthContextLoader, reads: string[]): void {
    this.contextLoaders.push(load)
    this.contextWatch.cover(reads)
  }

  async applyUserExtras(trx: Knex.Transaction, companyId: number, userId: number, body: Record<string, unknown>): Promise<void> {
    for (const write of this.userExtras) await write(trx, companyId, userId, body)
  }

  hashPassword(password: string): Promise<string> {
    return bcrypt.hash(password, this.app.config.bcryptCost)
  }

  verifyPassword(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash)
  }

  /** Tokens carry the session (sid): several sessions per user, each revoked on its own (sessions.ts). */
  signAccess(userId: number, companyId: number, tokenVersion: number, sessionId: number): string {
    return this.app.jwt.sign({ sub: String(userId), cid: companyId, tv: tokenVersion, sid: sessionId, typ: 'access' }, { expiresIn: this.app.config.accessTokenTtl })
  }

  signRefresh(userId: number, tokenVersion: number, sessionId: number): string {
    return this.app.jwt.sign({ sub: String(userId), tv: tokenVersion, sid: sessionId, typ: 'refresh' }, { key: this.app.config.jwtRefreshSecret, expiresIn: this.app.config.refreshTokenTtl })
  }

  /**
   * Loads who the user is now; null when the user is gone, the token version was revoked or the session (when
   * given) ended. 'any' skips the version check (internal reads of a user's context).
   */
  async loadContext(userId: number, tokenVersion: number | 'any', sessionId?: number): Promise<AuthContext | null> {
    return (await this.readContext(userId, tokenVersion, sessionId))?.ctx ?? null
  }

  /** A request's context: kept from an earlier request of the same session, or loaded (and kept). */
  async contextFor(userId: number, tokenVersion: number, sessionId: number): Promise<AuthContext | null> {
    const kept = this.contexts.get(sessionId, userId, tokenVersion, Date.now(), todayIn)
    if (kept) return kept
    const generation = this.contexts.mark()
    const read = await this.readContext(userId, tokenVersion, sessionId)
    if (!read) return null
    this.contexts.keep(sessionId, read.ctx, read.timezone, generation)
    return read.ctx
  }

  private async readContext(userId: number, tokenVersion: number | 'any', sessionId?: number): Promise<{ ctx: AuthContext; timezone: string } | null> {
    const query = this.app.knex('users')
      .join('companies', 'companies.id', 'users.companyId')
      .leftJoin('plans', 'plans.id', 'companies.planId')
      .where('users.id', userId)
    // The session's check rides on the same read: one query per request, as before sessions.
    if (sessionId !== undefined) {
      query.join('userSessions', (j) => j.on('userSessions.userId', 'users.id').andOnVal('userSessions.id', sessionId)).whereNull('userSessions.endedAt')
    }
    const row = (await query
      .first('users.id', 'users.companyId', 'users.name', 'users.email', 'users.profile', 'users.super', 'users.allTicket',
        'users.tokenVersion', 'companies.dueDate', 'companies.timezone', 'companies.status', 'plans.features')) as AuthRow | undefined
    if (!row || (tokenVersion !== 'any' && row.tokenVersion !== tokenVersion)) return null
    const features = await featuresNow(this.app, row.companyId, row.features)
    const isSuper = Boolean(row.super)
    const ctx: AuthContext = {
      userId: row.id,
      companyId: row.companyId,
      name: row.name,
      email: row.email,
      profile: row.profile,
      super: isSuper,
      allTicket: row.allTicket,
      tokenVersion: row.tokenVersion,
      ...(sessionId !== undefined ? { sessionId } : {}),
      features,
      dueDate: row.dueDate,
      overdue: !isSuper && row.dueDate !== null && row.dueDate < todayIn(row.timezone),
      inactive: !isSuper && !row.status,
      timezone: safeTimezone(row.timezone),
      queueIds: [],
      permissions: this.app.permissions.actionsFor(row.profile, isSuper),
    }
    for (const load of this.contextLoaders) await load(ctx)
    return { ctx, timezone: row.timezone }
  }
}
