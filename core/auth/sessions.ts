import type { FastifyInstance } from 'fastify'

/** Why a session ended; the screen it leaves says so (the error code its next call or its socket gets). */
export type SessionEndReason = 'logout' | 'password' | 'admin'

const END_CODES: Record<SessionEndReason, string> = {
  logout: 'ERR_SESSION_EXPIRED',
  password: 'ERR_SESSION_PASSWORD_CHANGED',
  admin: 'ERR_SESSION_REVOKED',
}

export const sessionEndCode = (reason: string | null | undefined): string =>
  END_CODES[reason as SessionEndReason] ?? 'ERR_SESSION_EXPIRED'

/**
 * The sign-ins of each user (user_sessions): several at once (phone and desktop), each with its own tokens, ended
 * one by one (sign-out) or together (password change, an admin). Ending tells the instances, which close the
 * sessions' sockets with the reason.
 */
export class SessionStore {
  constructor(private app: FastifyInstance, private refreshTtlMs: number) {}

  /** A new session for a sign-in; the user's sessions idle longer than a refresh token lives are pruned. */
  async open(userId: number, companyId: number, userAgent: string | undefined): Promise<number> {
    const now = new Date()
    await this.app.knex('userSessions').where({ userId }).where('refreshedAt', '<', new Date(now.getTime() - this.refreshTtlMs)).delete()
    const [id] = await this.app.knex('userSessions').insert({
      userId, companyId, userAgent: userAgent?.slice(0, 200) ?? null, createdAt: now, refreshedAt: now, endedAt: null, endReason: null,
    })
    return Number(id)
  }

  /** Marks a refresh, so an active session is not pruned while it is used. */
  async touch(sessionId: number): Promise<void> {
    await this.app.knex('userSessions').where({ id: sessionId }).whereNull('endedAt').update({ refreshedAt: new Date() })
  }

  /** The error code a token of this session gets: the reason it ended, or plain expiry when it is unknown. */
  async endCode(sessionId: number | undefined): Promise<string> {
    if (sessionId === undefined) return 'ERR_SESSION_EXPIRED'
    const row = await this.app.knex('userSessions').where({ id: sessionId }).first('endReason')
    return sessionEndCode(row?.endReason)
  }

  /** Ends the user's open sessions (only `sessionIds` when given; all but `except`), and closes their sockets. */
  async end(companyId: number, userId: number, reason: SessionEndReason, opts: { sessionIds?: number[]; except?: number } = {}): Promise<number[]> {
    const q = this.app.knex('userSessions').where({ userId }).whereNull('endedAt')
    if (opts.sessionIds) q.whereIn('id', opts.sessionIds)
    if (opts.except !== undefined) q.whereNot('id', opts.except)
    const ids = (await q.clone().pluck('id')).map(Number)
    if (!ids.length) return []
    await this.app.knex('userSessions').whereIn('id', ids).whereNull('endedAt').update({ endedAt: new Date(), endReason: reason })
    this.app.events.emit('user.sessionsEnded', { companyId, userId, sessionIds: ids, code: sessionEndCode(reason) })
    return ids
  }

  /** Whether the user still has an open session (online stays true while one is). */
  async anyOpen(userId: number): Promise<boolean> {
    return Boolean(await this.app.knex('userSessions').where({ userId }).whereNull('endedAt').first('id'))
  }
}
