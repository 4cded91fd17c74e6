import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../core/testing/build.ts'
import { createCompanyWithUsers, createSuper, type TestCompany, type TestUser } from '../core/testing/fixtures.ts'
import { checkTenantIsolation } from '../core/testing/tenancy.ts'
import { connect, type TestSocket } from '../core/realtime/ws-test-client.ts'
import { checkSuperIsolation } from './lib/super-isolation.ts'
import { recordFigures } from './lib/figures.ts'
import { customer } from './lib/http.ts'
import { multipartBody, PNG } from './lib/multipart.ts'
import { envSeconds, waitUntil } from '../core/testing/wait.ts'

/**
 * Tenant isolation, with figures: every registered route (enumerated from the app, so a new route is covered
 * without touching this file) called by company A's admin, agent and a super user on company B's resources;
 * 1,000 events in company B watched by A's sockets; B's media asked for by A.
 */

const WS_EVENTS = envSeconds('HARDENING_WS_EVENTS', 1000)

t.test('matrix: company A\'s admin and agent reach nothing of company B on any route', async (t) => {
  const app = await build(t)
  const report = await checkTenantIsolation(t, app)
  t.ok(report.routes >= 100, `every route of the core and the bundled plugins (${report.routes})`)
  t.equal(report.controlsReached, report.controls, 'B\'s own callers reach every id used, so the refusals mean something')
  recordFigures(t, {
    area: 'isolation: A admin+agent, every route', attempts: report.attempts, refused: report.refused, serverErrors: report.unexpected,
    note: `${report.routes} routes, ${report.successes} successes, ${report.leaks} leaks, B tables changed ${report.changedTables.length}, controls ${report.controlsReached}/${report.controls}`,
  })
})

t.test('matrix: a super user reaches B only through the platform-administration routes', async (t) => {
  const app = await build(t)
  const report = await checkSuperIsolation(app)
  t.comment(`super user: ${report.routes} routes, ${report.attempts} attempts, ${report.refused} refused, by design ${report.byDesign.length}: ${report.byDesign.join(', ')}`)
  t.ok(report.attempts >= 50, `${report.attempts} calls on company-scoped routes`)
  t.equal(report.successes, 0, 'no company-scoped route lets a super user act on company B')
  t.equal(report.leaks, 0, 'no company-scoped answer shows company B\'s data')
  t.equal(report.serverErrors, 0)
  t.strictSame(report.findings, [], 'no findings')
  recordFigures(t, {
    area: 'isolation: super user, company routes', attempts: report.attempts, refused: report.refused, serverErrors: report.serverErrors,
    note: `${report.successes} successes, ${report.leaks} leaks, ${report.byDesign.length} platform routes skipped by design`,
  })
})

async function sandbox(app: FastifyInstance, admin: TestUser): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/whatsapp', headers: admin.headers, payload: { name: 'Sandbox', provider: 'sandbox' } })
  if (res.statusCode !== 201) throw new Error(`sandbox: ${res.statusCode} ${res.body}`)
  return res.json().id
}

async function inject(app: FastifyInstance, c: TestCompany, whatsappId: number, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/api/sandbox/${whatsappId}/messages`, headers: c.admin.headers, payload })
  if (res.statusCode !== 201) throw new Error(`inject: ${res.statusCode} ${res.body}`)
}

/** Sockets that listen everywhere they may: the notification room and every tickets room. */
async function listener(app: FastifyInstance, t: Parameters<typeof connect>[2], token: string): Promise<TestSocket> {
  const s = await connect(app, token, t)
  for (const msg of [{ type: 'joinNotification' }, { type: 'joinTickets' }, { type: 'joinTickets', status: 'pending' }, { type: 'joinTickets', status: 'open' }]) s.send(msg)
  await s.sync()
  return s
}

t.test(`websocket: ${WS_EVENTS} events in company B, 0 frames at company A`, async (t) => {
  const app = await build(t)
  const [a, b] = [await createCompanyWithUsers(app), await createCompanyWithUsers(app)]
  const superUser = await createSuper(app)
  const [wa, wb] = [await sandbox(app, a.admin), await sandbox(app, b.admin)]
  // A has a ticket of its own, and its admin watches that ticket's chat box too.
  await inject(app, a, wa, { from: customer(1), body: 'A\'s own customer' })
  await app.events.idle()
  const aTicket = (await app.inject({ method: 'GET', url: '/api/tickets?showAll=true', headers: a.admin.headers })).json().tickets[0]
  const atA = { admin: await listener(app, t, a.admin.token), agent: await listener(app, t, a.user.token), super: await listener(app, t, superUser.token) }
  atA.admin.send({ type: 'joinChatBox', ticketId: aTicket.id })
  const atB = { admin: await listener(app, t, b.admin.token), agent: await listener(app, t, b.user.token) }
  for (const s of Object.values(atA)) await s.sync()
  const startFrames = Object.fromEntries(Object.entries(atA).map(([k, s]) => [k, s.frames.length]))

  const started = Date.now()
  let sent = 0
  // 1,000 real events of B: inbound messages through the sandbox and the pipeline (tickets, messages, unread counts).
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (sent < WS_EVENTS) {
      const n = sent++
      await inject(app, b, wb, { from: customer(100 + (n % 25)), name: `B customer ${n % 25}`, body: `B secret ${n}`, id: `wsB${n}` })
    }
  }))
  await app.events.idle()
  // With Redis the frames travel through pub/sub: wait for B's, then A's sockets have had the same chance.
  const bCreated = () => atB.admin.frames.filter((f) => f.event === `company-${b.id}-appMessage` && f.data?.action === 'create').length
  await waitUntil(`B's ${WS_EVENTS} message frames`, () => bCreated() >= WS_EVENTS, { timeoutMs: 60_000 }).catch(() => undefined)
  // A socket joining B's chat box is refused.
  const bTicket = (await app.inject({ method: 'GET', url: '/api/tickets?showAll=true', headers: b.admin.headers })).json().tickets[0]
  atA.agent.send({ type: 'joinChatBox', ticketId: bTicket.id })
  t.match(await atA.agent.next((f) => f.room === `chatBox:${bTicket.id}`, 10_000), { type: 'error', error: 'ERR_NO_PERMISSION' }, 'A cannot join B\'s chat box')
  for (const s of [...Object.values(atA), ...Object.values(atB)]) await s.sync()

  const eventsAt = (s: TestSocket, from = 0) => s.frames.slice(from).filter((f) => f.event)
  const framesAtA = Object.entries(atA).reduce((n, [k, s]) => n + eventsAt(s, startFrames[k]).length, 0)
  t.equal(bCreated(), WS_EVENTS, `B's admin got a frame for every one of the ${WS_EVENTS} messages (the events really happened)`)
  t.ok(eventsAt(atB.agent).length > 0, 'B\'s agent got frames too')
  t.equal(framesAtA, 0, '0 frames at company A (admin, agent, super user) while B was busy')
  t.notOk(Object.values(atA).some((s) => JSON.stringify(s.frames).includes('B secret')), 'no B text in any frame at A')
  recordFigures(t, {
    area: 'isolation: websocket', attempts: WS_EVENTS, refused: 1, serverErrors: 0,
    note: `${WS_EVENTS} inbound messages in B in ${Date.now() - started} ms; B admin frames ${eventsAt(atB.admin).length}; frames at A ${framesAtA}`,
  })
})

t.test('media: B\'s files answer 404 to company A, whatever the path', async (t) => {
  const app = await build(t)
  const [a, b] = [await createCompanyWithUsers(app), await createCompanyWithUsers(app)]
  const superUser = await createSuper(app)
  const wb = await sandbox(app, b.admin)
  // An image arriving from a customer (stored by the pipeline) ...
  await inject(app, b, wb, { from: customer(7), body: 'photo', mediaType: 'image', mediaBase64: PNG.toString('base64'), fileName: 'secret.png' })
  await app.events.idle()
  const ticket = (await app.inject({ method: 'GET', url: '/api/tickets?showAll=true', headers: b.admin.headers })).json().tickets[0]
  // ... and one sent by B's agent (stored by the upload route).
  const upload = multipartBody([{ field: 'medias', name: 'outbound.png', type: 'image/png', body: PNG }], { body: 'here' })
  const sent = await app.inject({ method: 'POST', url: `/api/messages/${ticket.id}`, headers: { ...b.admin.headers, ...upload.headers }, payload: upload.payload })
  t.equal(sent.statusCode, 201, 'B\'s agent sends an image')
  const messages = (await app.inject({ method: 'GET', url: `/api/messages/${ticket.id}`, headers: b.admin.headers })).json().messages as Array<{ mediaUrl: string | null }>
  const urls = messages.map((m) => m.mediaUrl).filter((u): u is string => Boolean(u))
  t.equal(urls.length, 2, 'two media files of B')
  const names = urls.map((u) => u.split('/').pop()!)
  let attempts = 0
  let refused = 0
  let serverErrors = 0
  const reached: string[] = []
  for (const name of names) {
    const own = await app.inject({ method: 'GET', url: `/api/media/${name}`, headers: b.admin.headers })
    t.equal(own.statusCode, 200, 'B\'s admin gets the file (control)')
    t.same(own.rawPayload, PNG, 'the same bytes')
    const paths = [`/api/media/${name}`, `/api/media/..%2F${b.id}%2F${name}`, `/api/media/%2E%2E%2F${b.id}%2F${name}`, `/api/public/${b.id}/${name}`, `/api/public/${b.id}/..%2F${name}`]
    for (const [who, caller] of [['A admin', a.admin], ['A agent', a.user], ['super user', superUser]] as const) {
      for (const path of paths) {
        const res = await app.inject({ method: 'GET', url: path, headers: caller.headers })
        attempts++
        if (res.statusCode >= 500) serverErrors++
        if ([400, 404].includes(res.statusCode) && !res.rawPayload.equals(PNG)) refused++
        else reached.push(`${who} ${path} -> ${res.statusCode}`)
      }
    }
    t.equal((await app.inject({ method: 'GET', url: `/api/media/${name}` })).statusCode, 401, 'no token: 401')
  }
  t.same(reached, [], `all ${attempts} requests by A's admin, A's agent and the super user: 404 (or 400), never the bytes`)
  recordFigures(t, { area: 'isolation: media', attempts, refused, serverErrors, note: `${names.length} files of B (inbound image, agent upload); ${attempts - refused} reached` })
})
