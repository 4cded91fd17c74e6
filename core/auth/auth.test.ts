import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createUser } from '../testing/fixtures.ts'
import { SETTINGS } from '../accounts/settings.ts'
import { SPEC_FEATURES } from '../features/catalog.ts'

const login = (app: FastifyInstance, email: string, password: string, remoteAddress = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress })
const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })
const refresh = (app: FastifyInstance, jrt?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh_token', ...(jrt === undefined ? {} : { cookies: { jrt } }) })
const jrtOf = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === 'jrt')?.value

t.test('login answers a working token, the refresh cookie and the user the web app needs', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await login(app, `  ${c.admin.email.toUpperCase()} `, c.admin.password)
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.type(body.token, 'string')
  t.equal(body.user.id, c.admin.id)
  t.equal(body.user.companyId, c.id)
  t.equal(body.user.profile, 'admin')
  t.notOk('passwordHash' in body.user, 'no password hash in the answer')
  t.equal(body.user.company.id, c.id)
  t.equal(body.user.company.name, c.name)
  t.match(body.user.company.dueDate, /^\d{4}-\d{2}-\d{2}$/)
  t.ok(body.user.company.dueDate > new Date().toISOString().slice(0, 10), 'the fixture due date is in the future')
  const settings = Object.fromEntries(body.user.company.settings.map((s: { key: string; value: string }) => [s.key, s.value]))
  t.same(Object.keys(settings).sort(), Object.keys(SETTINGS).filter((k) => k !== 'asaas').sort(), 'the company\'s settings, not the platform\'s payment token')
  t.equal(settings.campaignsEnabled, 'true')
  t.equal(settings.sendGreetingAccepted, 'enabled')
  t.ok(body.user.permissions.includes('user-modal:editProfile'))
  t.ok(body.user.permissions.includes('tickets-manager:showall'))
  t.same(body.user.features, SPEC_FEATURES.map((f) => f.feature).sort(), 'PRO: every feature')

  const cookie = res.cookies.find((k) => k.name === 'jrt')
  t.ok(cookie?.value, 'refresh cookie set')
  t.equal(cookie?.httpOnly, true)
  t.equal(cookie?.sameSite, 'Strict')
  t.equal(cookie?.path, '/api/auth')
  t.not(cookie?.value, body.token, 'the refresh token is not the access token')

  const who = await me(app, body.token)
  t.equal(who.statusCode, 200)
  t.equal(who.json().id, c.admin.id)
  t.equal(who.json().email, c.admin.email)
  t.equal(who.json().company.dueDate, body.user.company.dueDate)
})

t.test('an agent holds no admin actions; a Básico company only its plan features', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app, { planName: 'Básico' })
  const res = await login(app, c.user.email, c.user.password)
  t.equal(res.statusCode, 200)
  const user = res.json().user
  t.equal(user.profile, 'user')
  t.notOk(user.permissions.includes('user-modal:editProfile'))
  t.notOk(user.permissions.includes('settings:edit'))
  t.same(user.features, ['useInternalChat', 'useSchedules'])

  const sup = await createUser(app, c.id, { profile: 'user', super: true })
  const s = (await login(app, sup.email, sup.password)).json().user
  t.equal(s.super, true)
  t.same(s.permissions, [...app.permissions.actionsFor('admin', true)].sort(), 'a super user holds every action')
  t.ok(s.permissions.includes('settings:edit'))
})

t.test('bad credentials are 401 ERR_INVALID_CREDENTIALS, the same for an unknown email', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const wrong = await login(app, c.admin.email, 'not-the-password')
  t.equal(wrong.statusCode, 401)
  t.equal(wrong.json().error, 'ERR_INVALID_CREDENTIALS')
  t.notOk(jrtOf(wrong), 'no cookie on failure')
  const unknown = await login(app, 'nobody@example.test', c.admin.password)
  t.equal(unknown.statusCode, 401)
  t.same(unknown.json(), wrong.json(), 'nothing tells an unknown email apart')
  const empty = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: c.admin.email } })
  t.equal(empty.statusCode, 400)
  t.equal(empty.json().error, 'ERR_VALIDATION')
})

t.test('several sessions per user: phone and desktop stay signed in, each with its own tokens', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const desktop = await login(app, c.admin.email, c.admin.password)
  const phone = await login(app, c.admin.email, c.admin.password, '10.0.0.2')
  t.same([desktop.statusCode, phone.statusCode], [200, 200])
  const sid = (r: typeof desktop) => app.jwt.decode<{ sid: number }>(r.json().token)!.sid
  t.not(sid(desktop), sid(phone), 'a session each')
  t.equal((await me(app, desktop.json().token)).statusCode, 200, 'the first device is still signed in')
  t.equal((await refresh(app, jrtOf(desktop))).statusCode, 200, 'and can renew its token')
  t.equal((await me(app, phone.json().token)).statusCode, 200)

  await app.knex('users').where({ id: c.admin.id }).update({ online: true })
  const out = await app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: { authorization: `Bearer ${phone.json().token}` } })
  t.equal(out.statusCode, 204)
  t.equal((await me(app, phone.json().token)).statusCode, 401, 'signing out the phone ends its session')
  t.equal((await me(app, desktop.json().token)).statusCode, 200, 'not the desktop\'s')
  t.equal((await app.knex('users').where({ id: c.admin.id }).first('online')).online ? 1 : 0, 1, 'still online: another session is open')
})

t.test('concurrent logins each open a working session', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const answers = await Promise.all([1, 2, 3].map((i) => login(app, c.admin.email, c.admin.password, `10.0.1.${i}`)))
  t.same(answers.map((r) => r.statusCode), [200, 200, 200])
  t.equal(new Set(answers.map((r) => app.jwt.decode<{ sid: number }>(r.json().token)!.sid)).size, 3)
  t.same(await Promise.all(answers.map(async (r) => (await me(app, r.json().token)).statusCode)), [200, 200, 200])
})

t.test('an admin ends a user\'s sessions: every device, told why; only within the company', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const a = await login(app, c.user.email, c.user.password)
  const b = await login(app, c.user.email, c.user.password, '10.0.0.3')
  const end = (headers: Record<string, string>, id: number) => app.inject({ method: 'DELETE', url: `/api/users/${id}/sessions`, headers })
  t.same([(await end(other.admin.headers, c.user.id)).statusCode], [404], 'another company\'s admin finds no such user')
  t.equal((await end(c.user.headers, c.admin.id)).statusCode, 403, 'agents may not')
  t.equal((await me(app, a.json().token)).statusCode, 200, 'nothing ended by the refused calls')
  const res = await end(c.admin.headers, c.user.id)
  t.same([res.statusCode, res.json().ended], [200, 3], 'both logins and the fixture\'s session')
  for (const r of [a, b]) {
    const gone = await me(app, r.json().token)
    t.same([gone.statusCode, gone.json().error], [401, 'ERR_SESSION_REVOKED'], 'the device is told an admin ended it')
    t.equal((await refresh(app, jrtOf(r))).json().error, 'ERR_SESSION_REVOKED', 'its refresh cookie too')
  }
  t.equal((await login(app, c.user.email, c.user.password)).statusCode, 200, 'the user can sign in again')
  const own = await end(c.admin.headers, c.admin.id)
  t.same([own.statusCode, own.json().ended], [200, 0], 'on oneself: the other devices, never the one asking')
  t.equal((await me(app, c.admin.token)).statusCode, 200)
})

t.test('refresh_token: a new access token from the jrt cookie; nothing without a valid one', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await login(app, c.user.email, c.user.password)
  const r = await refresh(app, jrtOf(res))
  t.equal(r.statusCode, 200)
  t.equal(r.json().user.id, c.user.id)
  t.equal(r.json().user.company.id, c.id)
  t.ok(jrtOf(r), 'the cookie is renewed')
  t.equal((await me(app, r.json().token)).json().id, c.user.id)
  t.equal((await me(app, res.json().token)).statusCode, 200, 'a refresh does not end the session')

  for (const [label, jrt] of [['no cookie', undefined], ['garbage', 'abc.def.ghi'], ['an access token', res.json().token],
    ['signed with another secret', app.jwt.sign({ sub: String(c.user.id), tv: 1, sid: 1, typ: 'refresh' })]] as const) {
    const bad = await refresh(app, jrt)
    t.equal(bad.statusCode, 401, label)
    t.equal(bad.json().error, 'ERR_SESSION_EXPIRED', label)
  }
  const asBearer = await me(app, jrtOf(res)!)
  t.equal(asBearer.statusCode, 401, 'a refresh token is no access token')
})

t.test('logout revokes the access and the refresh token and clears the cookie', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await login(app, c.admin.email, c.admin.password)
  const { token } = res.json()
  const out = await app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } })
  t.equal(out.statusCode, 204)
  const cleared = out.cookies.find((k) => k.name === 'jrt')
  t.ok(cleared && (cleared.value === '' || (cleared.expires && cleared.expires.getTime() < Date.now())), 'cookie cleared')
  t.equal((await me(app, token)).statusCode, 401)
  t.equal((await refresh(app, jrtOf(res))).statusCode, 401)
  t.equal((await app.inject({ method: 'DELETE', url: '/api/auth/logout' })).statusCode, 401, 'logout needs a session')
  t.equal((await login(app, c.admin.email, c.admin.password)).statusCode, 200, 'signing in again works')
})

t.test('a password change ends the user\'s other sessions, saying why; the new password signs in', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await login(app, c.user.email, c.user.password)
  const put = await app.inject({ method: 'PUT', url: `/api/users/${c.user.id}`, headers: c.admin.headers, payload: { password: 'NewSecret9' } })
  t.equal(put.statusCode, 200)
  const gone = await me(app, res.json().token)
  t.same([gone.statusCode, gone.json().error], [401, 'ERR_SESSION_PASSWORD_CHANGED'], 'access token revoked, with the reason')
  t.equal((await refresh(app, jrtOf(res))).statusCode, 401, 'refresh token revoked')
  t.equal((await login(app, c.user.email, c.user.password)).statusCode, 401, 'old password refused')
  t.equal((await login(app, c.user.email, 'NewSecret9')).statusCode, 200)
  t.equal((await me(app, c.admin.token)).statusCode, 200, 'the admin who changed it keeps their session')

  const own = await createUser(app, c.id)
  const phone = await login(app, own.email, own.password)
  const self = await app.inject({ method: 'PUT', url: `/api/users/${own.id}`, headers: own.headers, payload: { password: 'Another9x' } })
  t.equal(self.statusCode, 200)
  t.equal((await me(app, phone.json().token)).statusCode, 401, 'changing one\'s own password signs out the other devices')
  t.equal((await me(app, own.token)).statusCode, 200, 'not the one that changed it')
  const noop = await app.inject({ method: 'PUT', url: `/api/users/${c.admin.id}`, headers: c.admin.headers, payload: { name: 'Renamed', password: '' } })
  t.equal(noop.statusCode, 200)
  t.equal((await me(app, c.admin.token)).statusCode, 200, 'an empty password field changes nothing')
})

t.test('an expired access token is 403 ERR_SESSION_EXPIRED (the client refreshes); refresh still works', async (t) => {
  const app = await build(t, { config: { accessTokenTtl: '2s' } })
  const c = await createCompanyWithUsers(app)
  const res = await login(app, c.admin.email, c.admin.password)
  const { exp, iat, tv } = app.jwt.decode<{ exp: number; iat: number; tv: number }>(res.json().token)!
  t.equal(exp - iat, 2, 'the configured lifetime')
  t.equal((await me(app, res.json().token)).statusCode, 200, 'used before it expires: its checked claims are kept')
  await new Promise((r) => setTimeout(r, 2600))
  const expired = await me(app, res.json().token)
  t.equal(expired.statusCode, 403)
  t.equal(expired.json().error, 'ERR_SESSION_EXPIRED')
  const r = await refresh(app, jrtOf(res))
  t.equal(r.statusCode, 200)
  t.equal((await me(app, r.json().token)).statusCode, 200)

  const stale = app.jwt.sign({ sub: String(c.admin.id), cid: c.id, tv, sid: 1, typ: 'access', iat: 1_700_000_000, exp: 1_700_000_060 })
  const signed = await me(app, stale)
  t.equal(signed.statusCode, 403, 'a properly signed token past its exp')
  t.equal(signed.json().error, 'ERR_SESSION_EXPIRED')
})

t.test('forged, malformed, missing and stale tokens are 401', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await build(t)
  const forged = other.jwt.sign({ sub: String(c.admin.id), cid: c.id, tv: 0, typ: 'access' })
  const cases: Array<[string, Record<string, string>]> = [
    ['forged', { authorization: `Bearer ${forged}` }],
    ['malformed', { authorization: 'Bearer not-a-jwt' }],
    ['wrong scheme', { authorization: `Basic ${c.admin.token}` }],
    ['missing', {}],
    ['refresh type signed with the access key', { authorization: `Bearer ${app.jwt.sign({ sub: String(c.admin.id), cid: c.id, tv: 0, typ: 'refresh' })}` }],
    ['non-numeric subject', { authorization: `Bearer ${app.jwt.sign({ sub: 'admin', cid: c.id, tv: 0, typ: 'access' })}` }],
  ]
  for (const [label, headers] of cases) {
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers })
    t.equal(res.statusCode, 401, label)
    t.match(res.json().error, /^ERR_(INVALID_TOKEN|SESSION_EXPIRED)$/, label)
  }
  await app.inject({ method: 'DELETE', url: `/api/users/${c.user.id}`, headers: c.admin.headers })
  t.equal((await me(app, c.user.token)).statusCode, 401, 'a deleted user\'s token no longer works')
})
