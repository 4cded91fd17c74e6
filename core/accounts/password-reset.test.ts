import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { PassThrough } from 'node:stream'
import { build, type TestContext } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { startSmtpServer, type LocalSmtp } from '../testing/smtp-server.ts'
import { PasswordReset } from './models.ts'

const forget = (app: FastifyInstance, email: string, remoteAddress = '10.7.0.1', language?: string) =>
  app.inject({ method: 'POST', url: `/api/forgetpassword/${encodeURIComponent(email)}`, remoteAddress, headers: language ? { 'accept-language': language } : {} })
const reset = (app: FastifyInstance, payload: object) => app.inject({ method: 'POST', url: '/api/resetpasswords', payload })
const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` })

const PUBLIC_URL = 'https://desk.example.test'

/** The app wired to a real SMTP server the test starts, as an operator would with SMTP_* and PUBLIC_URL. */
async function withMail(t: TestContext): Promise<{ app: FastifyInstance; smtp: LocalSmtp }> {
  const smtp = await startSmtpServer(t)
  const app = await build(t, { config: {
    smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUser: 'zapdesk', smtpPass: 'smtp-secret', smtpFrom: 'Zapdesk <no-reply@desk.example.test>', publicUrl: PUBLIC_URL,
  } })
  return { app, smtp }
}

/** The link of a received message, and its token. */
function linkOf(smtp: LocalSmtp, index = -1): { token: string; email: string; link: string } {
  const text = smtp.mails.at(index)!.text ?? ''
  const m = /(https?:\/\/\S+\/resetpsw\?hash=([0-9a-f]+)&email=(\S+))/.exec(text)!
  return { link: m[1], token: m[2], email: decodeURIComponent(m[3]) }
}

t.test('the recovery mail arrives by SMTP with an absolute link; the link sets a new password once and ends the old sessions', async (t) => {
  const { app, smtp } = await withMail(t)
  const c = await createCompanyWithUsers(app)
  const res = await forget(app, c.user.email.toUpperCase())
  t.equal(res.statusCode, 200)
  t.same(res.json(), { message: 'Email enviado com sucesso!' })
  t.equal(smtp.mails.length, 1)
  t.same(smtp.logins, ['zapdesk'], 'signed in to the SMTP server')
  const mail = smtp.mails[0]
  t.equal(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : null, c.user.email, 'addressed to the user')
  t.equal(mail.from?.value[0].address, 'no-reply@desk.example.test', 'from SMTP_FROM')
  t.equal(mail.subject, 'Zapdesk - recuperação de senha', 'Portuguese by default')
  t.match(mail.text, /^Olá, Agent./, 'greets the user by name')
  const { link, token, email } = linkOf(smtp)
  t.ok(link.startsWith(`${PUBLIC_URL}/resetpsw?hash=`), 'an absolute link to PUBLIC_URL')
  t.match(String(mail.html), `href="${link.replace(/&/g, '&#38;')}"`, 'the HTML part links to the same place')
  t.equal(email, c.user.email)
  t.ok(token.length >= 32, 'a long random token')
  const stored = await app.knex('password_resets').first()
  t.not(stored.tokenHash, token, 'only a hash of the token is stored')
  t.notMatch(JSON.stringify(stored), token)

  const ok = await reset(app, { email: c.user.email, tokenSenha: token, newPassword: 'NovaSenha1' })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { message: 'Senha redefinida com sucesso.' })
  t.equal((await login(app, c.user.email, 'NovaSenha1')).statusCode, 200, 'the new password works')
  t.equal((await login(app, c.user.email, c.user.password)).statusCode, 401, 'the old one does not')
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/me', headers: c.user.headers })).statusCode, 401, 'old sessions end')

  const again = await reset(app, { email: c.user.email, tokenSenha: token, newPassword: 'OutraSenha2' })
  t.equal(again.statusCode, 400, 'a link works once')
  t.equal(again.json().error, 'ERR_INVALID_TOKEN')
  t.equal(again.json().message, 'Link de recuperação expirado!')
  t.equal((await login(app, c.user.email, 'NovaSenha1')).statusCode, 200, 'the password did not change again')
})

t.test('the mail is written in the language the web app shows (Accept-Language), as text and HTML', async (t) => {
  const { app, smtp } = await withMail(t)
  const c = await createCompanyWithUsers(app)
  await forget(app, c.user.email, '10.7.1.1', 'en')
  await forget(app, c.user.email, '10.7.1.2', 'es-419,es;q=0.9')
  await forget(app, c.user.email, '10.7.1.3', 'de-DE')
  t.same(smtp.mails.map((m) => m.subject), ['Zapdesk - password recovery', 'Zapdesk - recuperación de contraseña', 'Zapdesk - recuperação de senha'])
  t.match(smtp.mails[0].text, /valid for 1 hour/)
  t.match(String(smtp.mails[1].html), /<html lang="es">/)
  t.match(String(smtp.mails[1].html), /Definir nueva contraseña/)
})

t.test('a link is refused when expired, for another email, or forged', async (t) => {
  const { app, smtp } = await withMail(t)
  const c = await createCompanyWithUsers(app)
  await forget(app, c.user.email)
  const { token } = linkOf(smtp)
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
  const { app } = await withMail(t)
  const c = await createCompanyWithUsers(app)
  await forget(app, c.user.email)
  const row = await app.bind(PasswordReset).query().first()
  const ttl = Date.parse(row!.expiresAt) - Date.now()
  t.ok(ttl > 55 * 60_000 && ttl <= 60 * 60_000, `expires in ${Math.round(ttl / 60_000)} min`)
})

t.test('only the newest link works: a new one spends those sent before it, and using one retires the rest', async (t) => {
  const { app, smtp } = await withMail(t)
  const c = await createCompanyWithUsers(app)
  t.equal((await forget(app, c.user.email)).statusCode, 200)
  t.equal((await forget(app, c.user.email)).statusCode, 200)
  t.equal(smtp.mails.length, 2, 'two messages')
  const [first, second] = [linkOf(smtp, 0).token, linkOf(smtp, 1).token]
  t.not(first, second)
  t.equal((await reset(app, { email: c.user.email, tokenSenha: first, newPassword: 'Invasor99' })).statusCode, 400, 'the earlier link is spent')
  t.equal((await reset(app, { email: c.user.email, tokenSenha: second, newPassword: 'NovaSenha1' })).statusCode, 200)
  t.equal((await login(app, c.user.email, 'NovaSenha1')).statusCode, 200)
  // Two requests at once: the newer row's link is the one left.
  const [a, b] = await Promise.all([forget(app, c.user.email, '10.7.0.2'), forget(app, c.user.email, '10.7.0.3')])
  t.same([a.statusCode, b.statusCode], [200, 200])
  t.equal(await app.bind(PasswordReset).query().where({ userId: c.user.id }).whereNull('usedAt').resultSize(), 1, 'one link left valid')
  const left = [linkOf(smtp, 2).token, linkOf(smtp, 3).token]
  const answers = [await reset(app, { email: c.user.email, tokenSenha: left[0], newPassword: 'Terceira3' }), await reset(app, { email: c.user.email, tokenSenha: left[1], newPassword: 'Terceira3' })]
  t.same(answers.map((r) => r.statusCode).sort(), [200, 400], 'exactly one of the two works')
})

t.test('weak passwords are refused (8+ with upper, lower and a digit) and the link stays usable', async (t) => {
  const { app, smtp } = await withMail(t)
  const c = await createCompanyWithUsers(app)
  await forget(app, c.user.email)
  const { token } = linkOf(smtp)
  for (const weak of ['Ab1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', '', 'Ab1'.padEnd(51, 'x')]) {
    const res = await reset(app, { email: c.user.email, tokenSenha: token, newPassword: weak })
    t.equal(res.statusCode, 400, `"${weak.slice(0, 12)}"`)
    t.equal(res.json().error, 'ERR_VALIDATION')
  }
  t.equal((await reset(app, { email: c.user.email, tokenSenha: token })).statusCode, 400, 'password required')
  t.equal((await reset(app, { email: c.user.email, tokenSenha: token, newPassword: 'Forte123' })).statusCode, 200)
})

t.test('an unknown email is 404 and sends nothing; requests are limited per address and per inbox', async (t) => {
  const { app, smtp } = await withMail(t)
  const c = await createCompanyWithUsers(app)
  const res = await forget(app, 'nobody@example.test')
  t.equal(res.statusCode, 404)
  t.equal(res.json().error, 'ERR_NO_USER_FOUND')
  t.equal(smtp.mails.length, 0)
  t.equal((await forget(app, 'not-an-email')).statusCode, 400)
  for (let i = 0; i < 4; i++) await forget(app, c.user.email)
  const limited = await forget(app, c.user.email)
  t.equal(limited.statusCode, 429, 'the 6th request from one address')
  t.equal(limited.json().error, 'ERR_RATE_LIMITED')
  t.equal(smtp.mails.length, 4)
  t.equal((await forget(app, c.user.email, '10.7.0.2')).statusCode, 200, 'another address is fine')
  const flood = await forget(app, c.user.email, '10.7.0.3')
  t.equal(flood.statusCode, 429, 'the 6th mail to one inbox within an hour, whatever the address')
  t.equal(smtp.mails.length, 5)
  t.equal((await forget(app, c.admin.email, '10.7.0.3')).statusCode, 200, 'another inbox is fine')
})

t.test('an SMTP server that refuses the message: a clear error, and no link left valid', async (t) => {
  const { app, smtp } = await withMail(t)
  const c = await createCompanyWithUsers(app)
  smtp.refuse = true
  const res = await forget(app, c.user.email)
  t.equal(res.statusCode, 502)
  t.equal(res.json().error, 'ERR_MAIL_NOT_SENT')
  t.equal(await app.bind(PasswordReset).query().resultSize(), 0, 'the unsent link was removed')
})

t.test('without SMTP: production refuses with ERR_MAIL_NOT_CONFIGURED; development logs the absolute link', async (t) => {
  const prod = await build(t, { config: { env: 'production', publicUrl: PUBLIC_URL } })
  const c = await createCompanyWithUsers(prod)
  const refused = await forget(prod, c.user.email)
  t.equal(refused.statusCode, 503)
  t.equal(refused.json().error, 'ERR_MAIL_NOT_CONFIGURED', 'no false success')
  t.equal(await prod.bind(PasswordReset).query().resultSize(), 0, 'no link was made')

  const smtp = await startSmtpServer(t)
  const noUrl = await build(t, { config: { env: 'production', smtpHost: '127.0.0.1', smtpPort: smtp.port } })
  const d = await createCompanyWithUsers(noUrl)
  t.equal((await forget(noUrl, d.user.email)).json().error, 'ERR_MAIL_NOT_CONFIGURED', 'production without PUBLIC_URL cannot write a link')
  t.equal(smtp.mails.length, 0)

  const lines: string[] = []
  const logStream = new PassThrough()
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)))
  const dev = await build(t, { config: { env: 'development', logLevel: 'warn', port: 8123 }, logStream })
  const e = await createCompanyWithUsers(dev)
  const ok = await forget(dev, e.user.email)
  t.equal(ok.statusCode, 200)
  const logged = lines.map((l) => JSON.parse(l) as { link?: string }).find((l) => l.link)
  t.match(logged?.link, /^http:\/\/localhost:8123\/resetpsw\?hash=[0-9a-f]{48}&email=/, 'the link is in the log')
  const token = /hash=([0-9a-f]+)/.exec(logged!.link!)![1]
  t.equal((await reset(dev, { email: e.user.email, tokenSenha: token, newPassword: 'NovaSenha1' })).statusCode, 200, 'and it works')
})
