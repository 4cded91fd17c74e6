import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import { bearerOf, tokenKey } from './caller.ts'

/** Requests one token may make per window. ZAPDESK_EXTERNAL_API_RATE_MAX / _WINDOW_MS change them (tests, big senders). */
export interface RateOptions { max: number; windowMs: number }

export function rateOptionsFrom(env: NodeJS.ProcessEnv): RateOptions {
  const int = (raw: string | undefined, fallback: number) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback)
  return { max: int(env.ZAPDESK_EXTERNAL_API_RATE_MAX, 60), windowMs: int(env.ZAPDESK_EXTERNAL_API_RATE_WINDOW_MS, 60_000) }
}

/**
 * The send route's limit, on the kernel's attempt counter (in memory, or in Redis so every instance counts a token
 * together): counted per token (by its hash), before the token is even looked up, so guessing costs the guesser; no
 * token at all is refused later and not counted. Over the limit: 429 ERR_RATE_LIMITED with Retry-After (seconds). A
 * Redis failure lets the request through rather than refuse everyone.
 */
export function rateLimit(app: FastifyInstance, options: RateOptions) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = tokenKey(bearerOf(request))
    if (!key) return
    let window: { count: number; resetInMs: number }
    try {
      window = await app.attempts.hitWindow(`external-api:${key}`, options.windowMs)
    } catch (err) {
      request.log.warn({ err }, 'external API rate limit not counted')
      return
    }
    if (window.count <= options.max) return
    const retryAfterSeconds = Math.max(1, Math.ceil(window.resetInMs / 1000))
    reply.header('retry-after', String(retryAfterSeconds))
    throw new AppError('ERR_RATE_LIMITED', 429, { retryAfterSeconds }, `Too many requests with this token; retry in ${retryAfterSeconds} s`)
  }
}
