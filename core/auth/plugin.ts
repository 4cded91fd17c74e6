import fp from 'fastify-plugin'
import jwt from '@fastify/jwt'
import cookie from '@fastify/cookie'
import { AuthService } from './service.ts'
import { installAccessHook } from './access-hook.ts'
import { AttemptLimiter } from './attempt-limiter.ts'

declare module 'fastify' {
  interface FastifyInstance {
    attempts: AttemptLimiter
  }
}

/** Tokens, cookies, the auth service and the access hook every API route passes through. */
export default fp(async (app) => {
  await app.register(cookie)
  // Verified access tokens are kept (fast-jwt's LRU, 1000 tokens, never past a token's exp): every request checks
  // the same few tokens' signatures again otherwise. Revocation is the session's row, read on every request anyway.
  await app.register(jwt, { secret: app.config.jwtSecret, verify: { cache: true } })
  app.decorate('authService', new AuthService(app))
  app.decorate('attempts', new AttemptLimiter(`${app.config.redisPrefix}:attempts:`, app.redis))
  installAccessHook(app)
}, { name: 'zapdesk-auth', dependencies: ['zapdesk-db'] })
