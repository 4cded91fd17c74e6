import t from 'tap'
import { randomBytes } from 'node:crypto'
import { addDays } from '../core/accounts/due-date.ts'
import { todayIn } from '../core/auth/service.ts'
import { recordFigures } from './lib/figures.ts'
import { request, type Answer } from './lib/http.ts'
import { serverDb } from './lib/db.ts'
import { freePort, productionEnv, spawnServer, tempDir, type ServerProcess } from './lib/server.ts'
import { within } from '../core/testing/wait.ts'
import { startSmtpServer } from '../core/testing/smtp-server.ts'

/**
 * Auth hardening against real production servers: refusing to boot on unsafe secrets, no default account, a
 * signup that cannot choose its privileges, sessions that really end, and rate limits that answer 429.
 */

t.test('production refuses to boot with missing, default, short or reused secrets', async (t) => {
  const cases: Array<[string, Record<string, string | undefined>, RegExp]> = [
    ['no secrets at all', { JWT_SECRET: undefined, JWT_REFRESH_SECRET: undefined }, /JWT_SECRET: is required/],
    ['a well-known default', { JWT_SECRET: 'secret' }, /JWT_SECRET: a default secret is not allowed/],
    ['the development default', { JWT_SECRET: 'zapdesk-dev-access', JWT_REFRESH_SECRET: 'zapdesk-dev-refresh' }, /JWT_SECRET: a default secret is not allowed/],
    ['a short access secret (16 bytes)', { JWT_SECRET: randomBytes(8).toString('hex') }, /JWT_SECRET: must be at least 32 bytes/],
    ['a short refresh secret (31 bytes)', { JWT_REFRESH_SECRET: 'x'.repeat(31) }, /JWT_REFRESH_SECRET: must be at least 32 bytes/],
    ['the same secret twice', { JWT_SECRET: 'same'.repeat(16), JWT_REFRESH_SECRET: 'same'.repeat(16) }, /JWT_REFRESH_SECRET: must differ from JWT_SECRET/],
  ]
  let refused = 0
  // In parallel: each is a whole server process that should stop at its configuration.
  await Promise.all(cases.map(async ([what, overrides, message]) => {
    const port = await freePort()
    const env = productionEnv(port, tempDir('secrets'))
    for (const [k, v] of Object.entries(overrides)) {
      if (v === undefined) delete env[k]
      else env[k] = v
    }
    const server = await spawnServer({ env, waitReady: false })
    t.teardown(() => server.stop(1000))
    const exit = await within(server.exited, 90_000)
    t.ok(exit && exit.code !== 0 && exit.code !== null, `${what}: exits with a non-zero code (${JSON.stringify(exit)})`)
    t.match(server.logs(), message, `${what}: says which variable to fix`)
    t.notMatch(server.logs(), /listening/, `${what}: never listened`)
    if (exit && exit.code) refused++
  }))
  recordFigures(t, { area: 'auth: unsafe production secrets', attempts: cases.length, refused, note: 'each boot exits 78 naming the variable' })
})

// A new address per call: the rate limits count failures per address, and a random one could repeat an address an
// earlier step had already failed from (one CI run: the 5th failure of the rate-limit step answered 429).
let lastIp = 0
const ip = () => `203.0.113.${++lastIp}`
const fromIp = (address: string) => ({ 'x-forwarded-for': address })

function refreshCookie(res: Answer): string {
  const cookie = res.headers?.['set-cookie']?.find((c) => c.startsWith('jrt='))
  if (!cookie) throw new Error(`no refresh cookie in ${res.status} ${res.text.slice(0, 200)}`)
  return cookie.split(';')[0]
}

t.test('a production server: no default account, signup cannot choose privileges, sessions end, rate limits answer 429', async (t) => {
  const port = await freePort()
  // No ADMIN_EMAIL/ADMIN_PASSWORD: the first run must not invent an account. Behind a proxy, as the README says, with
  // the SMTP server production needs for password recovery.
  const smtp = await startSmtpServer(t)
  const env = productionEnv(port, tempDir('auth'), {
    TRUST_PROXY: 'true', PUBLIC_URL: 'https://desk.example.test', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: 'zapdesk', SMTP_PASS: 'smtp-secret',
  })
  delete env.ADMIN_EMAIL
  delete env.ADMIN_PASSWORD
  const server: ServerProcess = await spawnServer({ env })
  t.teardown(() => server.stop())
  const db = serverDb(server, t)
  const base = server.url
  let attempts = 0
  let refused = 0
  let serverErrors = 0
  const count = (res: Answer, refusal: boolean) => {
    attempts++
    if (refusal && res.status >= 400 && res.status < 500) refused++
    if (res.status >= 500 || res.status === 0) serverErrors++
    return res
  }

  await t.test('no account exists and no default credentials work', async (t) => {
    t.match(server.logs(), /No super user exists/, 'the first run says how to create the super user')
    t.equal(Number((await db('users').count({ n: '*' }))[0].n), 0, 'the users table is empty')
    const emails = ['admin@zapdesk.local', 'demo@zapdesk.local', 'admin@admin.com', 'admin@zapdesk.com', 'super@zapdesk.local']
    const passwords = ['admin', '123456', 'admin123', 'password', 'zapdesk']
    for (const email of emails) {
      for (const password of passwords) {
        const res = count(await request(base, 'POST', '/auth/login', { body: { email, password }, headers: fromIp(ip()) }), true)
        if (res.status !== 401) t.fail(`${email} / ${password} -> ${res.status}`)
      }
    }
    t.pass(`${emails.length * passwords.length} default credentials refused`)
  })

  let signedUp: { email: string; password: string; userId: number; companyId: number }
  await t.test('signup takes no plan beyond the offered ones, and no profile, status, due date or recurrence', async (t) => {
    const offered = (await request(base, 'GET', '/plans/list')).body as Array<{ id: number; name: string }>
    t.ok(offered.length >= 1, `plans offered at signup: ${offered.map((p) => p.name).join(', ')}`)
    const enterprise = (await db('plans').where({ name: 'Enterprise' }).first('id')).id
    for (const planId of [enterprise, 999_999]) {
      const res = count(await request(base, 'POST', '/companies/cadastro', { headers: fromIp(ip()), body: { name: 'Sneaky', email: `s${randomBytes(3).toString('hex')}@x.test`, password: 'Secret123', planId } }), true)
      t.equal(res.status, 400, `planId ${planId}: refused`)
      t.equal(res.body.error, 'ERR_PLAN_NOT_OFFERED')
    }
    const email = `owner-${randomBytes(3).toString('hex')}@hardening.test`
    const res = count(await request(base, 'POST', '/companies/cadastro', {
      headers: fromIp(ip()),
      body: {
        name: 'Escalation Ltda', email, password: 'Secret123', phone: '(11) 98888-7777',
        profile: 'super', super: true, status: false, dueDate: '2099-12-31', recurrence: 'ANUAL', campaignsEnabled: false,
        companyId: 1, userId: 1, tokenVersion: -1, allTicket: 'enabled', queueIds: [1], planId: 2, active: 0,
      },
    }), false)
    t.equal(res.status, 201, 'the signup is accepted (the extra fields are ignored)')
    const company = await db('companies').where({ id: res.body.id }).first()
    const user = await db('users').where({ id: res.body.userId }).first()
    const trialEnd = addDays(todayIn('America/Sao_Paulo'), 7)
    t.match(company, { name: 'Escalation Ltda', planId: 2, recurrence: 'MENSAL' }, 'the PRO plan asked for (offered), monthly')
    t.ok(Boolean(company.status), 'active, whatever status the body said')
    t.equal(String(company.dueDate).slice(0, 10), trialEnd, `the 7-day trial (${trialEnd}), not 2099-12-31`)
    t.match(user, { companyId: company.id, profile: 'admin', allTicket: 'desabled', tokenVersion: 0 }, 'the new company\'s own admin, with default options')
    t.notOk(Boolean(user.super), 'never a super user')
    t.equal(Number((await db('users').count({ n: '*' }))[0].n), 1, 'one user: the signup touched no other company')
    signedUp = { email, password: 'Secret123', userId: user.id, companyId: company.id }
  })

  await t.test('logout and a password change revoke the access and the refresh tokens', async (t) => {
    const login = async () => {
      const res = count(await request(base, 'POST', '/auth/login', { headers: fromIp(ip()), body: { email: signedUp.email, password: signedUp.password } }), false)
      t.equal(res.status, 200)
      return { token: res.body.token as string, cookie: refreshCookie(res) }
    }
    const works = async (s: { token: string; cookie: string }) => ({
      access: (await request(base, 'GET', '/auth/me', { token: s.token })).status,
      refresh: (await request(base, 'POST', '/auth/refresh_token', { headers: { cookie: s.cookie } })).status,
    })
    const first = await login()
    t.same(await works(first), { access: 200, refresh: 200 }, 'a fresh session works')
    t.equal((await request(base, 'DELETE', '/auth/logout', { token: first.token })).status, 204)
    const afterLogout = await works(first)
    attempts += 2
    refused += Number(afterLogout.access === 401) + Number(afterLogout.refresh === 401)
    t.same(afterLogout, { access: 401, refresh: 401 }, 'after logout: both refused')

    // Two devices: the password is changed on one, the other's session ends (the changing one stays signed in).
    const second = await login()
    const otherDevice = await login()
    t.same(await works(otherDevice), { access: 200, refresh: 200 })
    const change = await request(base, 'PUT', `/users/${signedUp.userId}`, { token: second.token, body: { password: 'Changed123' } })
    t.equal(change.status, 200, 'the password is changed')
    const afterChange = await works(otherDevice)
    attempts += 2
    refused += Number(afterChange.access === 401) + Number(afterChange.refresh === 401)
    t.same(afterChange, { access: 401, refresh: 401 }, 'after a password change: both refused on the other device')
    t.equal((await request(base, 'GET', '/auth/me', { token: second.token })).status, 200, 'the device that changed it stays signed in')
    t.equal(count(await request(base, 'POST', '/auth/login', { headers: fromIp(ip()), body: { email: signedUp.email, password: signedUp.password } }), true).status, 401, 'the old password is refused')
    signedUp.password = 'Changed123'
    await login()
  })

  await t.test('login, signup and password recovery rate limits answer 429', async (t) => {
    const tally = { login: 0, loginEmail: 0, signup: 0, reset: 0 }
    // Per address: 5 failures, then 429 even for the right password.
    const attacker = ip()
    for (let i = 0; i < 8; i++) {
      const right = i >= 5
      const res = count(await request(base, 'POST', '/auth/login', { headers: fromIp(attacker), body: { email: signedUp.email, password: right ? signedUp.password : 'wrong' } }), true)
      if (i < 5) t.equal(res.status, 401, `failure ${i + 1}: 401`)
      else if (res.status === 429) tally.login++
    }
    t.equal(tally.login, 3, 'after 5 failures from one address: 429, even with the right password')
    // Per email: 10 failures from 10 addresses, then 429 from any address.
    const victim = `victim-${randomBytes(3).toString('hex')}@hardening.test`
    for (let i = 0; i < 13; i++) {
      const res = count(await request(base, 'POST', '/auth/login', { headers: fromIp(`198.51.100.${i + 1}`), body: { email: victim, password: 'guess' } }), true)
      if (i < 10) t.equal(res.status, 401)
      else if (res.status === 429) tally.loginEmail++
    }
    t.equal(tally.loginEmail, 3, 'after 10 failures for one email: 429 whatever the address')
    const signupIp = ip()
    for (let i = 0; i < 7; i++) {
      const res = count(await request(base, 'POST', '/companies/cadastro', { headers: fromIp(signupIp), body: { name: `Flood ${i}`, email: `flood${i}-${randomBytes(3).toString('hex')}@x.test`, password: 'Secret123' } }), i >= 5)
      if (i < 5) t.equal(res.status, 201, `signup ${i + 1}`)
      else if (res.status === 429) tally.signup++
    }
    t.equal(tally.signup, 2, 'the 6th signup from one address within the hour: 429')
    const resetIp = ip()
    for (let i = 0; i < 7; i++) {
      const res = count(await request(base, 'POST', `/forgetpassword/${encodeURIComponent(signedUp.email)}`, { headers: fromIp(resetIp) }), i >= 5)
      if (i < 5) t.equal(res.status, 200, `recovery ${i + 1}`)
      else if (res.status === 429) tally.reset++
    }
    t.equal(tally.reset, 2, 'the 6th password recovery from one address: 429')
    t.equal(smtp.mails.length, 5, 'one mail per accepted recovery, none for the refused ones')
    t.comment(`429s: login per address ${tally.login}, per email ${tally.loginEmail}, signup ${tally.signup}, recovery ${tally.reset}`)
  })

  t.ok(server.alive(), 'the server is still up')
  t.equal(serverErrors, 0, 'no 5xx')
  recordFigures(t, { area: 'auth: defaults, signup, revocation, rate limits', attempts, refused, serverErrors, note: '25 default credentials, 3 privilege-escalating signups, 4 revoked tokens, 10 rate-limited calls' })
})
