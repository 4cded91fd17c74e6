import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { setTimeout as sleep } from 'node:timers/promises'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createUser, type TestCompany } from '../testing/fixtures.ts'
import { connect, type TestSocket } from './ws-test-client.ts'
import type { RealtimeAudience } from './types.ts'

const expect = async (s: TestSocket, frame: Record<string, unknown>) => (await s.next((f) => Object.entries(frame).every(([k, v]) => (f as Record<string, unknown>)[k] === v), 3000))

t.test('the socket needs a valid, current access token', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const cases: Array<[string, string | undefined, string]> = [
    ['no token', undefined, 'ERR_SESSION_EXPIRED'],
    ['a forged token', 'not.a.jwt', 'ERR_INVALID_TOKEN'],
    ['a refresh token', app.authService.signRefresh(a.user.id, 0, 1), 'ERR_INVALID_TOKEN'],
    ['an expired token', app.jwt.sign({ sub: String(a.user.id), cid: a.id, tv: 0, sid: 1, typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 }), 'ERR_SESSION_EXPIRED'],
    ['a token without a session', app.jwt.sign({ sub: String(a.user.id), cid: a.id, tv: 0, typ: 'access' }), 'ERR_INVALID_TOKEN'],
  ]
  for (const [what, token, error] of cases) {
    const s = await connect(app, token, t)
    t.match(await s.next((f) => f.type === 'error'), { type: 'error', error }, `${what}: an error frame`)
    t.same(await s.closed, { code: 4401, reason: error }, `${what}: closed`)
  }
  const valid = await connect(app, a.admin.token, t)
  await valid.sync()
  const open = await connect(app, a.user.token, t)
  await open.sync()
  await app.authService.sessions.end(a.id, a.user.id, 'admin')
  t.match(await open.next((f) => f.type === 'error'), { error: 'ERR_SESSION_REVOKED' }, 'an ended session\'s socket is told why')
  t.same(await open.closed, { code: 4401, reason: 'ERR_SESSION_REVOKED' })
  const stale = await connect(app, a.user.token, t)
  t.match(await stale.next((f) => f.type === 'error'), { error: 'ERR_SESSION_REVOKED' }, 'and its token is refused, with the reason')
  t.equal(app.realtime.size, 1, 'only the valid socket is in the hub')
})

t.test('a token expiring while connected ends the socket with ERR_SESSION_EXPIRED', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  // exp has whole seconds: '5s' leaves between four and five seconds of a working socket, enough for the connect
  // on a machine busy with other test files.
  const sid = await app.authService.sessions.open(a.user.id, a.id, 'test')
  const s = await connect(app, app.jwt.sign({ sub: String(a.user.id), cid: a.id, tv: 0, sid, typ: 'access' }, { expiresIn: '5s' }), t)
  t.same(s.frames, [{ type: 'pong' }], 'accepted while the token is valid')
  t.match(await s.next((f) => f.type === 'error', 7000), { type: 'error', error: 'ERR_SESSION_EXPIRED' })
  t.equal((await s.closed).code, 4401)
})

t.test('protocol: ping, rooms, bad frames; frames sent right after open are answered in order', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  // A slow session lookup (a remote database), so the frames below arrive while the token is still being checked.
  app.authService.contextLoaders.push(() => sleep(100))
  const s = await connect(app, a.user.token, t, { wait: 'open' })
  // Sent before the server has finished checking the token: none may be lost or reordered.
  for (const msg of [{ type: 'ping' }, { type: 'joinNotification' }, { type: 'joinTickets', status: 'open' }, { type: 'joinTickets' }]) s.send(msg)
  await expect(s, { type: 'joined', room: 'tickets' })
  t.same(s.frames, [{ type: 'pong' }, { type: 'joined', room: 'notification' }, { type: 'joined', room: 'tickets:open' }, { type: 'joined', room: 'tickets' }])
  s.send({ type: 'joinTickets', status: 'everything' })
  t.match(await expect(s, { error: 'ERR_NO_PERMISSION' }), { room: 'tickets:everything' })
  s.send({ type: 'joinChatBox', ticketId: 12 })
  t.match(await expect(s, { room: 'chatBox:12' }), { type: 'error', error: 'ERR_NO_PERMISSION' }, 'no chatBox authorizer in the core: refused')
  s.send({ type: 'nonsense' })
  t.match(await expect(s, { error: 'ERR_VALIDATION' }), { type: 'error' })
  const from = s.frames.length
  s.send('{not json')
  t.match(await s.next((f) => f.type === 'error', 3000, from), { error: 'ERR_VALIDATION' })
  s.send({ type: 'userStatus' })
  await s.sync()
  t.equal(Boolean((await app.knex('users').where({ id: a.user.id }).first('online')).online), true, 'userStatus marks the user online')
})

/** Four sockets per company (admin, agent, agent in the notification room, agent in queue 7), frames counted. */
async function fourSockets(app: FastifyInstance, t: { teardown(fn: () => void): void }, c: TestCompany) {
  const queued = await createUser(app, c.id)
  app.authService.contextLoaders.push(async (ctx) => void (ctx.userId === queued.id && (ctx.queueIds = [7])))
  const sockets = { admin: await connect(app, c.admin.token, t), agent: await connect(app, c.user.token, t), room: await connect(app, (await createUser(app, c.id)).token, t), queued: await connect(app, queued.token, t) }
  sockets.room.send({ type: 'joinNotification' })
  await expect(sockets.room, { type: 'joined' })
  return sockets
}

t.test('events reach only their company, and only the audience', async (t) => {
  const app = await build(t)
  const [a, b] = [await createCompanyWithUsers(app), await createCompanyWithUsers(app)]
  const sa = await fourSockets(app, t, a)
  const sb = await fourSockets(app, t, b)
  const all = [...Object.values(sa), ...Object.values(sb)]
  const received = async (audience: RealtimeAudience | undefined, topic = 'user') => {
    const marker = Math.random()
    app.realtime.publish({ companyId: a.id, topic, data: { marker }, audience })
    for (const s of all) await s.sync()
    const who = (set: Record<string, TestSocket>) => Object.entries(set).filter(([, s]) => s.frames.some((f) => f.data?.marker === marker)).map(([k]) => k)
    t.same(who(sb), [], 'company B receives nothing of company A')
    return who(sa)
  }
  t.same(await received(undefined), ['admin', 'agent', 'room', 'queued'], 'no audience: the whole company')
  t.same(await received({ userIds: [a.user.id] }), ['agent'])
  t.same(await received({ admins: true }), ['admin'])
  t.same(await received({ admins: true, userIds: [a.user.id] }), ['admin', 'agent'], 'admins plus the named users')
  t.same(await received({ rooms: ['notification'] }), ['room'])
  t.same(await received({ queueIds: [7, 8] }), ['admin', 'queued'], 'users of the queue, and admins')
  t.same(await received({ queueIds: [9] }), ['admin'])
  app.realtime.registerTopic('secret', { adminOnly: true })
  t.same(await received(undefined, 'secret'), ['admin'], 'an adminOnly topic')
  t.same(await received(undefined, 'unregistered'), [], 'an unregistered topic goes nowhere')

  app.realtime.publish({ companyId: b.id, topic: 'user', data: { action: 'update' } })
  for (const s of all) await s.sync()
  const events = all.flatMap((s) => s.frames.filter((f) => f.event).map((f) => f.event))
  t.equal(events.filter((e) => e === `company-${b.id}-user`).length, 4, 'the four sockets of B got B\'s event')
  t.equal(Object.values(sa).flatMap((s) => s.frames).filter((f) => f.event?.startsWith(`company-${b.id}-`)).length, 0, '0 cross-company frames on A')
  t.equal(Object.values(sb).flatMap((s) => s.frames).filter((f) => f.event?.startsWith(`company-${a.id}-`)).length, 0, '0 cross-company frames on B')
})

t.test('a new login leaves the other sessions\' sockets alone; signing out closes only its own, as a plain expiry', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const desktop = await connect(app, a.user.token, t)
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.user.email, password: a.user.password } })
  t.equal(login.statusCode, 200)
  const phone = await connect(app, login.json().token, t)
  await Promise.all([desktop.sync(), phone.sync()])
  t.same(desktop.frames.filter((f) => f.type === 'error' || f.event), [], 'the desktop hears nothing of the phone\'s sign-in')
  await app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: { authorization: `Bearer ${login.json().token}` } })
  t.same(await phone.closed, { code: 4401, reason: 'ERR_SESSION_EXPIRED' }, 'the phone\'s socket ends')
  await desktop.sync()
  t.equal(app.realtime.size, 1, 'the desktop\'s stays')
})
