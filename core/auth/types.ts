/** Who is calling: loaded once per request from the token and the database. */
export interface AuthContext {
  userId: number
  companyId: number
  name: string
  email: string
  profile: 'admin' | 'user'
  super: boolean
  allTicket: 'enabled' | 'desabled'
  tokenVersion: number
  /** The sign-in (device) the token belongs to; absent for contexts loaded without a token. */
  sessionId?: number
  /** Plan features the company can use now: in the plan and not switched off by its admin. */
  features: Set<string>
  /** yyyy-mm-dd, or null when the company has no due date. */
  dueDate: string | null
  overdue: boolean
  /** The company was deactivated by a super user: no sign-in, no API (super users are never inactive). */
  inactive: boolean
  /** The company's IANA time zone (UTC when unset or unknown): its users' days. Since 1.11. */
  timezone: string
  /** Queue ids the user is linked to (filled by the queues plugin's loader, empty before). */
  queueIds: number[]
  permissions: Set<string>
}

/** What an access token carries (AuthService.signAccess): user, company, token version, session, kind, expiry. */
export interface AccessClaims { sub: string; cid: number; tv: number; sid: number; typ: string; exp?: number }
