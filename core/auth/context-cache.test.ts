import t from 'tap'
import knexFactory from 'knex'
import { buildApp } from '../app.ts'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { TableWrites } from '../db/table-writes.ts'
import { AuthContextCache } from './context-cache.ts'
import type { AuthContext } from './types.ts'

const ctx = (over: Partial<AuthContext> = {}): AuthContext => ({
  userId: 1, companyId: 1, name: 'Ana', email: 'ana@example.test', profile: 'admin', super: false, allTicket: 'desabled', tokenVersion: 0,
  sessionId: 9, features: new Set(), dueDate: null, overdue: false, inactive: false, timezone: 'UTC', queueIds: [3], permissions: new Set(), ...over,
})
const today = () => '2026-11-26'

t.test('the cache keeps a context for its session, user and token version until its time is up', async (t) => {
  const cache = new AuthContextCache(1000)
  cache.watchWith(new TableWrites().watch(['users'], () => cache.drop()))
  cache.keep(9, ctx(), 'UTC', cache.mark(), 0)
  t.match(cache.get(9, 1, 0, 999, today), { userId: 1, queueIds: [3] })
  t.equal(cache.get(9, 2, 0, 999, today), undefined, 'another user in the token: not this context')
  t.equal(cache.get(9, 1, 1, 999, today), undefined, 'another token version: not this context')
  t.equal(cache.get(9, 1, 0, 1000, today), undefined, 'expired')
  cache.keep(9, ctx({ dueDate: '2026-11-25' }), 'UTC', cache.mark(), 0)
  t.equal(cache.get(9, 1, 0, 1, today)!.overdue, true, 'overdue is worked out at each request, not kept')
  cache.get(9, 1, 0, 1, today)!.queueIds.push(4)
  t.same(cache.get(9, 1, 0, 1, today)!.queueIds, [3], 'a request changing its copy leaves the kept one alone')
})

const me = async (app: Awaited<ReturnType<typeof build>>, token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })
const users = async (app: Awaited<ReturnType<typeof build>>, token: string) => app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } })

t.test('a request reads its context once per session; sign-out, and any write behind the routes\' back, are seen at once', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  let contextReads = 0
  app.knex.on('query', (q: { sql: string }) => void (/\bjoin `user_sessions`/.test(q.sql) && contextReads++))
  t.equal((await users(app, a.admin.token)).statusCode, 200)
  t.equal((await users(app, a.admin.token)).statusCode, 200)
  t.equal((await me(app, a.admin.token)).statusCode, 200)
  t.equal(contextReads, 1, 'three requests of one session read its context once')

  await app.knex('users').where({ id: a.admin.id }).update({ profile: 'user' })
  t.equal((await users(app, a.admin.token)).json().error, 'ERR_NO_PERMISSION', 'a profile changed in the table takes effect on the next request')
  await app.knex('companies').where({ id: a.id }).update({ status: false })
  t.equal((await me(app, a.user.token)).json().error, 'ERR_COMPANY_INACTIVE', 'a company deactivated in the table too')
  await app.knex('companies').where({ id: a.id }).update({ status: true })
  t.equal((await me(app, a.user.token)).statusCode, 200)

  t.equal((await app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: { authorization: `Bearer ${a.user.token}` } })).statusCode, 204)
  const after = await me(app, a.user.token)
  t.equal(after.statusCode, 401, 'the signed-out token is refused on the next request')
  t.equal(after.json().error, 'ERR_SESSION_EXPIRED', 'told as a plain expiry, as before')
})

t.test('a write in a transaction is seen by the first request after its commit (MariaDB: reads run beside the transaction)', { skip: process.env.TEST_DATABASE_URL ? false : 'SQLite has one connection: no read runs beside a transaction' }, async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  t.equal((await users(app, a.admin.token)).statusCode, 200)
  const trx = await app.knex.transaction()
  await trx('users').where({ id: a.admin.id }).update({ profile: 'user' })
  t.equal((await users(app, a.admin.token)).statusCode, 200, 'uncommitted: still an admin')
  await trx.commit()
  t.equal((await users(app, a.admin.token)).json().error, 'ERR_NO_PERMISSION', 'committed: not an admin on the very next request')
})

t.test('another instance drops its contexts when one instance writes (Redis)', { skip: process.env.TEST_DATABASE_URL && process.env.REDIS_URL ? false : 'two instances need MariaDB and Redis' }, async (t) => {
  const one = await build(t)
  const two = await buildApp({ env: {}, config: one.config })
  t.teardown(() => two.close())
  await two.ready()
  const a = await createCompanyWithUsers(one)
  t.equal((await users(two, a.admin.token)).statusCode, 200, 'kept on instance two')
  t.equal((await one.inject({ method: 'DELETE', url: '/api/auth/logout', headers: { authorization: `Bearer ${a.admin.token}` } })).statusCode, 204)
  let refused = false
  for (let i = 0; i < 50 && !refused; i++) {
    refused = (await users(two, a.admin.token)).statusCode === 401
    if (!refused) await new Promise((r) => setTimeout(r, 20))
  }
  t.ok(refused, 'signed out on instance one: refused on instance two within a second')
})

t.test('a write by another process that no instance sees is taken within the time a context is kept', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  t.equal((await me(app, a.user.token)).statusCode, 200)
  const outside = knexFactory({ ...app.knex.client.config })
  t.teardown(() => outside.destroy())
  await outside('user_sessions').where({ user_id: a.user.id }).update({ ended_at: new Date(), end_reason: 'admin' })
  t.equal((await me(app, a.user.token)).statusCode, 200, 'unseen write: the kept context answers for now')
  const ttl = app.authService.contexts.ttlMs
  t.ok(ttl <= 10_000, `kept at most ${ttl} ms`)
  const { sid } = app.jwt.decode<{ sid: number }>(a.user.token)!
  t.ok(app.authService.contexts.get(sid, a.user.id, 0, Date.now(), () => '2026-11-26'), 'kept')
  const expired = app.authService.contexts.get(sid, a.user.id, 0, Date.now() + ttl, () => '2026-11-26')
  t.equal(expired, undefined, 'and gone once that time is up')
})
