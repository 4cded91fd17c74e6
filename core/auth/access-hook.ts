import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors/app-error.ts'
import type { AccessClaims, AuthContext } from './types.ts'

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, token] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined
}

/**
 * Verifies an access token and loads the caller. Missing, forged or revoked tokens are 401 (the client signs out);
 * an expired one is 403 ERR_SESSION_EXPIRED, which the client answers with one refresh and a retry.
 */
export async function authenticateToken(app: FastifyInstance, token: string | undefined): Promise<AuthContext> {
  if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401)
  const tokens = app.authService.verifiedTokens
  let claims = tokens.get(token)
  if (!claims) {
    try {
      claims = app.jwt.verify<AccessClaims>(token)
    } catch (err) {
      // app.jwt.verify throws fast-jwt's own errors (FAST_JWT_EXPIRED); request.jwtVerify would wrap them as FST_JWT_*.
      const code = (err as { code?: string }).code
      if (code === 'FAST_JWT_EXPIRED' || code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') throw new AppError('ERR_SESSION_EXPIRED', 403)
      throw new AppError('ERR_INVALID_TOKEN', 401)
    }
    tokens.set(token, claims)
  }
  if (claims.typ !== 'access' || !/^\d+$/.test(claims.sub) || !Number.isInteger(claims.sid)) throw new AppError('ERR_INVALID_TOKEN', 401)
  const ctx = await app.authService.contextFor(Number(claims.sub), claims.tv, claims.sid)
  // An ended session says why (signed out, password changed, ended by an admin), so the screen it leaves can too.
  if (!ctx) throw new AppError(await app.authService.sessions.endCode(claims.sid), 401)
  if (ctx.inactive) throw new AppError('ERR_COMPANY_INACTIVE', 401)
  return ctx
}

/** Checks one route's declared access (profile, plan feature, permission, subscription) for the caller. */
export function checkAccess(ctx: AuthContext, config: FastifyRequest['routeOptions']['config']): void {
  const access = config.access ?? 'user'
  if (access === 'super' && !ctx.super) throw new AppError('ERR_NO_PERMISSION', 403)
  if (access === 'admin' && ctx.profile !== 'admin' && !ctx.super) throw new AppError('ERR_NO_PERMISSION', 403)
  if (ctx.overdue && !config.allowOverdue) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402)
  if (config.feature && !ctx.features.has(config.feature)) throw new AppError('ERR_FEATURE_DISABLED', 403)
  if (config.permission && !ctx.permissions.has(config.permission)) throw new AppError('ERR_NO_PERMISSION', 403)
}

/** One hook for every API route: routes declare who may call them in `config`, the hook enforces it. */
export function installAccessHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url
    // The web app, static files and the OpenAPI browser are public; everything else under /api declares its access.
    if (!url || !url.startsWith('/api/') || url.startsWith('/api/docs')) return
    const config = request.routeOptions.config
    if (config.access === 'public') return
    request.auth = await authenticateToken(app, bearerToken(request))
    checkAccess(request.auth, config)
  })
}
