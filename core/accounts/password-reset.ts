import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { createHash, randomBytes } from 'node:crypto'
import { PasswordReset, User } from './models.ts'
import { errorResponses } from '../http/schemas.ts'
import { AppError } from '../errors/app-error.ts'
import { publicUrl } from '../mail/mailer.ts'
import { mailLanguage, passwordResetMail } from '../mail/password-mail.ts'

const TOKEN_TTL_MS = 60 * 60_000
const STRONG_PASSWORD = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{8,50}$'
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const Message = Type.Object({ message: Type.String() })

/**
 * Password recovery. The link goes out by mail (SMTP); without SMTP, development logs it and production refuses with
 * ERR_MAIL_NOT_CONFIGURED rather than claim a mail it cannot send. A used or expired link never works twice, and a new
 * link spends the earlier ones.
 */
export default async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.post('/forgetpassword/:email', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Send a password recovery link', params: Type.Object({ email: Type.String({ format: 'email', maxLength: 200 }) }), response: { 200: Message, ...errorResponses } },
  }, async (request) => {
    if ((await app.attempts.hit(`reset:ip:${request.ip}`, 15 * 60_000)) > 5) throw new AppError('ERR_RATE_LIMITED', 429)
    const email = request.params.email.trim().toLowerCase()
    // one inbox is not flooded from many addresses either
    if ((await app.attempts.hit(`reset:email:${email}`, 60 * 60_000)) > 5) throw new AppError('ERR_RATE_LIMITED', 429)
    const user = await app.bind(User).query().unscoped().findOne({ email })
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404)
    const base = publicUrl(app.config)
    if (!base || (!app.mailer.configured && app.config.env === 'production')) {
      request.log.error('password recovery needs SMTP_HOST and PUBLIC_URL in production')
      throw new AppError('ERR_MAIL_NOT_CONFIGURED', 503)
    }
    const token = randomBytes(24).toString('hex')
    const row = await app.bind(PasswordReset).query().insert({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + TOKEN_TTL_MS).toISOString(), usedAt: null, createdAt: new Date().toISOString() })
    const link = `${base}/resetpsw?hash=${token}&email=${encodeURIComponent(email)}`
    // Only the newest link works: the ones made before it are spent once it is on its way (by id, so two requests at
    // once still leave the newer one).
    const supersede = () => app.bind(PasswordReset).query().where({ userId: user.id }).whereNull('usedAt').where('id', '<', row.id).patch({ usedAt: new Date().toISOString() })
    if (!app.mailer.configured) {
      request.log.warn({ userId: user.id, link }, 'SMTP_HOST is not set: the password recovery link is only logged')
      await supersede()
      return { message: 'Email enviado com sucesso!' }
    }
    try {
      await app.mailer.send(passwordResetMail(email, user.name, link, mailLanguage(request.headers['accept-language'])))
    } catch (err) {
      // a link nobody received must not stay valid
      await app.bind(PasswordReset).query().deleteById(row.id)
      request.log.error({ err, userId: user.id }, 'the password recovery mail was not sent')
      throw new AppError('ERR_MAIL_NOT_SENT', 502)
    }
    await supersede()
    request.log.info({ userId: user.id }, 'password recovery mail sent')
    return { message: 'Email enviado com sucesso!' }
  })

  api.post('/resetpasswords', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Set a new password with a recovery link', body: Type.Object({
      email: Type.String({ format: 'email', maxLength: 200 }), tokenSenha: Type.String({ minLength: 10, maxLength: 200 }),
      newPassword: Type.String({ pattern: STRONG_PASSWORD }),
    }), response: { 200: Message, ...errorResponses } },
  }, async (request) => {
    const { email, tokenSenha, newPassword } = request.body
    const user = await app.bind(User).query().unscoped().findOne({ email: email.trim().toLowerCase() })
    const reset = user && await app.bind(PasswordReset).query().findOne({ tokenHash: sha256(tokenSenha), userId: user.id })
    if (!user || !reset || reset.usedAt || Date.parse(reset.expiresAt) < Date.now()) throw new AppError('ERR_INVALID_TOKEN', 400, undefined, 'Link de recuperação expirado!')
    const passwordHash = await app.authService.hashPassword(newPassword)
    await app.knex.transaction(async (trx) => {
      const claimed = await app.bind(PasswordReset).query(trx).findById(reset.id).whereNull('usedAt').patch({ usedAt: new Date().toISOString() })
      if (claimed === 0) throw new AppError('ERR_INVALID_TOKEN', 400, undefined, 'Link de recuperação expirado!')
      await app.bind(User).query(trx).forCompany(user.companyId).findById(user.id).patch({ passwordHash })
      // Links sent earlier die with this one: a stolen older link cannot undo the new password.
      await app.bind(PasswordReset).query(trx).where({ userId: user.id }).whereNull('usedAt').patch({ usedAt: new Date().toISOString() })
    })
    await app.authService.sessions.end(user.companyId, user.id, 'password')
    return { message: 'Senha redefinida com sucesso.' }
  })
}
