import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { AppError } from '@zapdesk/plugin-api'

export const FEATURE = 'useExternalApi'

/** The connection a request sends through, found by its token. */
export interface ApiCaller {
  companyId: number
  whatsappId: number
}

/** The bearer token of the request, or '' when there is none (any other scheme counts as none). */
export function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization
  if (typeof header !== 'string') return ''
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)
  return match ? match[1] : ''
}

/** What the rate limit counts by: the token's hash, so the token never sits in memory or in Redis as a key. */
export const tokenKey = (token: string): string => (token ? createHash('sha256').update(token).digest('hex') : '')

/**
 * Who is calling: the connection of the token (401 ERR_INVALID_API_TOKEN for none, an unknown or a rotated one), and
 * whether its company may use the API now, by the same rules and answers the access hook gives signed-in users:
 * inactive 401 ERR_COMPANY_INACTIVE, overdue 402 ERR_SUBSCRIPTION_EXPIRED, plan without useExternalApi (or the module
 * switched off) 403 ERR_FEATURE_DISABLED.
 */
export async function resolveCaller(app: FastifyInstance, request: FastifyRequest): Promise<ApiCaller> {
  const found = await app.connections.findByApiToken(bearerOf(request))
  if (!found) throw new AppError('ERR_INVALID_API_TOKEN', 401, undefined, 'Missing or unknown token: send the connection\'s token as "Authorization: Bearer <token>"')
  const standing = await app.companyStatus.standing(found.companyId)
  if (!standing?.active) throw new AppError('ERR_COMPANY_INACTIVE', 401)
  if (standing.overdue) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402)
  if (!standing.features.has(FEATURE)) throw new AppError('ERR_FEATURE_DISABLED', 403)
  return found
}
