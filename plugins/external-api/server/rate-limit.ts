import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import { bearerOf, tokenKey } from './caller.ts'

/** Requests one token may make per window. ZAPDESK_EXTERNAL_API_RATE_MAX / _WINDOW_MS change them (tests, big senders). */
export interface RateOptions { max: number; windowMs: number }

export function rateOptionsFrom(env: NodeJS.ProcessEnv): RateOptions {
  const int = (raw: string | undefined, fallback: number) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback)
  return { max: int(env.ZAPDESK_EXTERNAL_API_RATE_MAX, 60), windowMs: int(env.ZAPDESK_EXTERNAL_API_RATE_WINDOW_MS, 60_000) }
}

/** INCR with an expiry set on the window's first hit; answers the count and the window's time left. */
const WINDOW_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void

/**
 * A store for @fastify/rate-limit on the app's Redis (node-redis; the plugin's own Redis store wants ioredis), so
 * every instance counts a token's requests together. Without Redis the plugin's in-memory store is used.
 */
function redisStore(app: FastifyInstance) {
  const redis = app.redis!
  const prefix = `${app.config.redisPrefix}:external-api:rate:`
  return class RedisWindowStore {
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      redis.client.eval(WINDOW_SCRIPT, { keys: [prefix + key], arguments: [String(timeWindow)] })
        .then((res) => {
          const [current, ttl] = res as [number, number]
          cb(null, { current: Number(current), ttl: Math.max(0, Number(ttl)) })
        })
        .catch((err: Error) => cb(err))
    }

    child(): RedisWindowStore {
      return this
    }
  }
}

/**
 * Options of @fastify/rate-limit for the send route: counted per token (by its hash), before the token is even looked
 * up, so guessing costs the guesser; no token at all is refused at once and not counted. Over the limit: 429
 * ERR_RATE_LIMITED with Retry-After (seconds). A Redis failure lets the request through rather than refuse everyone.
 */
export function rateLimitSettings(app: FastifyInstance, options: RateOptions) {
  return {
    global: false,
    skipOnError: true,
    ...(app.redis ? { store: redisStore(app) } : {}),
    keyGenerator: (request: FastifyRequest) => tokenKey(bearerOf(request)),
    allowList: (_request: FastifyRequest, key: string) => key === '',
    max: () => options.max,
    timeWindow: () => options.windowMs,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number; after: string }) =>
      new AppError('ERR_RATE_LIMITED', 429, { retryAfterSeconds: Math.ceil(context.ttl / 1000) }, `Too many requests with this token; retry in ${context.after}`),
  }
}
