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
  // Checked access tokens are kept by the access hook (verified-tokens.ts), not by fast-jwt's cache.
  await app.register(jwt, { secret: app.config.jwtSecret })
  app.decorate('authService', new AuthService(app))
  app.decorate('attempts', new AttemptLimiter(`${app.config.redisPrefix}:attempts:`, app.redis))
  installAccessHook(app)
}, { name: 'zapdesk-auth', dependencies: ['zapdesk-db'] })
