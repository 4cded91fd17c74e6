import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { randomBytes } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError } from '../errors/app-error.ts'
import { errorResponses } from '../http/schemas.ts'
import { User } from '../accounts/models.ts'
import { UserDto } from '../accounts/serialize.ts'
import { currentUserDto } from './current-user.ts'

const REFRESH_COOKIE = 'jrt'
const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
})
const TokenAnswer = Type.Object({ token: Type.String(), user: UserDto })

/** Sign-in, token refresh, sign-out and the current user. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Users = app.bind(User)
  const { perIp, perIpWindowMs, perEmail, perEmailWindowMs } = app.config.loginRateLimit
  let dummy: Promise<string> | undefined
  const dummyHash = () => (dummy ??= app.authService.hashPassword(randomBytes(16).toString('hex')))

  const setRefreshCookie = (reply: FastifyReply, userId: number, tv: number, sid: number) => {
    reply.setCookie(REFRESH_COOKIE, app.authService.signRefresh(userId, tv, sid), {
      httpOnly: true, sameSite: 'strict', path: '/api/auth', secure: app.config.env === 'production',
      maxAge: 7 * 24 * 3600,
    })
  }

  api.post('/auth/login', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Sign in', body: LoginBody, response: { 200: TokenAnswer, ...errorResponses } },
  }, async (request, reply) => {
    const email = request.body.email.trim().toLowerCase()
    const ipKey = `login:ip:${request.ip}`
    const emailKey = `login:email:${email}`
    // Each attempt is counted before it is checked, so concurrent guesses cannot all slip past the limit;
    // refused and successful attempts are taken back: only failures count, so an office behind one address
    // can still sign everyone in.
    const ipHits = await app.attempts.hit(ipKey, perIpWindowMs)
    const emailHits = await app.attempts.hit(emailKey, perEmailWindowMs)
    if (ipHits > perIp || emailHits > perEmail) {
      await app.attempts.release(ipKey)
      await app.attempts.release(emailKey)
      throw new AppError('ERR_RATE_LIMITED', 429)
    }
    const user = await Users.query().unscoped().findOne({ email })
    // An unknown email costs the same bcrypt work as a wrong password, so timing does not reveal accounts.
    const ok = await app.authService.verifyPassword(request.body.password, user?.passwordHash ?? await dummyHash())
    if (!user || !ok) throw new AppError('ERR_INVALID_CREDENTIALS', 401)
    await app.attempts.release(ipKey)
    await app.attempts.reset(emailKey)
    // Told only to whoever knows the password; the current session (another device) is left as it is.
    if (!user.super && !(await app.companyStatus.isActive(user.companyId))) throw new AppError('ERR_COMPANY_INACTIVE', 401)
    // A session of its own: the user's other devices stay signed in.
    const ctx = await app.authService.loadContext(user.id, 'any')
    if (!ctx) throw new AppError('ERR_INVALID_CREDENTIALS', 401)
    const sid = await app.authService.sessions.open(user.id, user.companyId, request.headers['user-agent'])
    app.events.emit('user.loggedIn', { companyId: user.companyId, userId: user.id, sessionId: sid })
    setRefreshCookie(reply, user.id, ctx.tokenVersion, sid)
    return { token: app.authService.signAccess(user.id, user.companyId, ctx.tokenVersion, sid), user: await currentUserDto(app, { ...ctx, sessionId: sid }) }
  })

  api.post('/auth/refresh_token', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'A new access token from the refresh cookie', response: { 200: TokenAnswer, ...errorResponses } },
  }, async (request: FastifyRequest, reply) => {
    const token = request.cookies[REFRESH_COOKIE]
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401)
    let claims: { sub: string; tv: number; sid: number; typ: string }
    try {
      claims = app.jwt.verify(token, { key: app.config.jwtRefreshSecret })
    } catch {
      throw new AppError('ERR_SESSION_EXPIRED', 401)
    }
    if (claims.typ !== 'refresh' || !/^\d+$/.test(claims.sub) || !Number.isInteger(claims.sid)) throw new AppError('ERR_SESSION_EXPIRED', 401)
    const ctx = await app.authService.loadContext(Number(claims.sub), claims.tv, claims.sid)
    if (!ctx) throw new AppError(await app.authService.sessions.endCode(claims.sid), 401)
    if (ctx.inactive) throw new AppError('ERR_COMPANY_INACTIVE', 401)
    await app.authService.sessions.touch(claims.sid)
    setRefreshCookie(reply, ctx.userId, ctx.tokenVersion, claims.sid)
    return { token: app.authService.signAccess(ctx.userId, ctx.companyId, ctx.tokenVersion, claims.sid), user: await currentUserDto(app, ctx) }
  })

  api.delete('/auth/logout', {
    config: { allowOverdue: true },
    schema: { tags: ['auth'], summary: 'Sign out this device: ends its session (access and refresh tokens); other devices stay', response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    await app.authService.sessions.end(auth.companyId, auth.userId, 'logout', { sessionIds: [auth.sessionId!] })
    if (!(await app.authService.sessions.anyOpen(auth.userId))) await app.knex('users').where({ id: auth.userId }).update({ online: false })
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' })
    return reply.status(204).send(null)
  })

  api.get('/auth/me', {
    config: { allowOverdue: true },
    schema: { tags: ['auth'], summary: 'The signed-in user, with permissions and features', response: { 200: UserDto, ...errorResponses } },
  }, async (request) => currentUserDto(app, request.auth!))
}
