import t from 'tap'
import type { FastifyInstance } from 'fastify'
import fs from 'node:fs'
import path from 'node:path'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { PasswordReset } from './models.ts'

const forget = (app: FastifyInstance, email: string, remoteAddress = '10.7.0.1') =>
  app.inject({ method: 'POST', url: `/api/forgetpassword/${encodeURIComponent(email)}`, remoteAddress })
const reset = (app: FastifyInstance, payload: object) => app.inject({ method: 'POST', url: '/api/resetpasswords', payload })
const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` })
const outbox = (app: FastifyInstance) => path.join(app.config.dataDir, 'mail')
const mails = (app: FastifyInstance) => (fs.existsSync(outbox(app)) ? fs.readdirSync(outbox(app)).sort() : [])

/** Reads the newest message of the outbox and the token in its link. */
function lastMail(app: FastifyInstance): { text: string; token: string; email: string } {
  const files = mails(app)
  const text = fs.readFileSync(path.join(outbox(app), files.at(-1)!), 'utf8')
  const m = /hash=([0-9a-f]+)&email=([^\s]+)/.exec(text)!
  return { text, token: m[1], email: decodeURIComponent(m[2]) }
}

t.test('a recovery link goes to the outbox; it sets a new password once and ends the old sessions', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await forget(app, c.user.email.toUpperCase())
  t.equal(res.statusCode, 200)
  t.same(res.json(), { message: 'Email enviado com sucesso!' })
  t.equal(mails(app).length, 1)
  const mail = lastMail(app)
  t.match(mail.text, new RegExp(`^To: ${c.user.email.replace(/\./g, '\\.')}$`, 'm'), 'addressed to the user')
  t.match(mail.text, /\/resetpsw\?hash=/)
  t.equal(mail.email, c.user.email)
  t.ok(mail.token.length >= 32, 'a long random token')
  const stored = await app.knex('password_resets').first()
  t.not(stored.tokenHash, mail.token, 'only a hash of the token is stored')
  t.notMatch(JSON.stringify(stored), mail.token)

  const ok = await reset(app, { email: c.user.email, tokenSenha: mail.token, newPassword: 'NovaSenha1' })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { message: 'Senha redefinida com sucesso.' })
  t.equal((await login(app, c.user.email, 'NovaSenha1')).statusCode, 200, 'the new password works')
  t.equal((await login(app, c.user.email, c.user.password)).statusCode, 401, 'the old one does not')
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/me', headers: c.user.headers })).statusCode, 401, 'old sessions end')

  const again = await reset(app, { email: c.user.email, tokenSenha: mail.token, newPassword: 'OutraSenha2' })
  t.equal(again.statusCode, 400, 'a link works once')
  t.equal(again.json().error, 'ERR_INVALID_TOKEN')
  t.equal(again.json().message, 'Link de recuperação expirado!')
  t.equal((await login(app, c.user.email, 'NovaSenha1')).statusCode, 200, 'the password did not change again')
})

t.test('a link is refused when expired, for another email, or forged', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await forget(app, c.user.email)
  const { token } = lastMail(app)
  t.equal((await reset(app, { email: c.admin.email, tokenSenha: token, newPassword: 'NovaSenha1' })).statusCode, 400, 'another user\'s email')
  t.equal((await reset(app, { email: c.user.email, tokenSenha: 'f'.repeat(48), newPassword: 'NovaSenha1' })).statusCode, 400, 'forged token')
  t.equal((await reset(app, { email: 'nobody@example.test', tokenSenha: token, newPassword: 'NovaSenha1' })).statusCode, 400, 'unknown email')
  await app.bind(PasswordReset).query().patch({ expiresAt: new Date(Date.now() - 1000).toISOString() })
  const expired = await reset(app, { email: c.user.email, tokenSenha: token, newPassword: 'NovaSenha1' })
  t.equal(expired.statusCode, 400, 'expired')
  t.equal(expired.json().error, 'ERR_INVALID_TOKEN')
  t.equal((await login(app, c.user.email, c.user.password)).statusCode, 200, 'the password is unchanged')
})

t.test('a valid link is good for about an hour', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await forget(app, c.user.email)
  const row = await app.bind(PasswordReset).query().first()
  const ttl = Date.parse(row!.expiresAt) - Date.now()
  t.ok(ttl > 55 * 60_000 && ttl <= 60 * 60_000, `expires in ${Math.round(ttl / 60_000)} min`)
})

t.test('using one link retires the others sent before it', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const [a, b] = await Promise.all([forget(app, c.user.email), forget(app, c.user.email)])
  t.same([a.statusCode, b.statusCode], [200, 200])
  const files = mails(app)
  t.equal(files.length, 2, 'two messages, even written in the same millisecond')
  const [first, second] = files.map((f) => /hash=([0-9a-f]+)/.exec(fs.readFileSync(path.join(outbox(app), f), 'utf8'))![1])
  t.not(first, second)
  t.equal((await reset(app, { email: c.user.email, tokenSenha: second, newPassword: 'NovaSenha1' })).statusCode, 200)
  t.equal((await reset(app, { email: c.user.email, tokenSenha: first, newPassword: 'Invasor99' })).statusCode, 400)
  t.equal((await login(app, c.user.email, 'NovaSenha1')).statusCode, 200)
})

t.test('weak passwords are refused (8+ with upper, lower and a digit) and the link stays usable', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  await forget(app, c.user.email)
  const { token } = lastMail(app)
  for (const weak of ['Ab1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', '', 'Ab1'.padEnd(51, 'x')]) {
    const res = await reset(app, { email: c.user.email, tokenSenha: token, newPassword: weak })
    t.equal(res.statusCode, 400, `"${weak.slice(0, 12)}"`)
    t.equal(res.json().error, 'ERR_VALIDATION')
  }
  t.equal((await reset(app, { email: c.user.email, tokenSenha: token })).statusCode, 400, 'password required')
  t.equal((await reset(app, { email: c.user.email, tokenSenha: token, newPassword: 'Forte123' })).statusCode, 200)
})

t.test('an unknown email is 404 and sends nothing; the endpoint is rate limited', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await forget(app, 'nobody@example.test')
  t.equal(res.statusCode, 404)
  t.equal(res.json().error, 'ERR_NO_USER_FOUND')
  t.equal(mails(app).length, 0)
  t.equal((await forget(app, 'not-an-email')).statusCode, 400)
  for (let i = 0; i < 4; i++) await forget(app, c.user.email)
  const limited = await forget(app, c.user.email)
  t.equal(limited.statusCode, 429, 'the 6th request from one address')
  t.equal(limited.json().error, 'ERR_RATE_LIMITED')
  t.equal(mails(app).length, 4)
  t.equal((await forget(app, c.user.email, '10.7.0.2')).statusCode, 200, 'another address is fine')
})
