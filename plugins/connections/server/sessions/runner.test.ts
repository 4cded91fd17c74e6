import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, waitFor } from '../test-helpers.ts'
import type { ChannelDriver, CloseReason, SessionHost } from '../driver.ts'

/** A driver the test scripts: each session start runs the next step of `plan` against its host. */
function scriptedDriver(plan: Array<(host: SessionHost) => void | Promise<void>>) {
  const log = { starts: 0, resets: 0, hosts: [] as SessionHost[] }
  const driver: ChannelDriver = {
    provider: 'scripted',
    label: 'Scripted',
    createSession: (host) => ({
      start: async () => {
        log.hosts.push(host)
        const step = plan[log.starts++]
        await step?.(host)
      },
      stop: async () => undefined,
      logout: async () => undefined,
      send: async () => ({ externalId: 'x', timestamp: new Date().toISOString(), ack: 1 }),
      markRead: async () => undefined,
      profilePicture: async () => null,
      checkNumber: async (n) => ({ jid: `${n}@s.whatsapp.net`, number: n }),
    }),
    resetAuth: async () => void log.resets++,
  }
  return { driver, log }
}

const close = (reason: CloseReason) => (host: SessionHost) => void setTimeout(() => host.closed(reason), 5)
const connect = (host: SessionHost) => host.status({ status: 'CONNECTED', qrcode: '' })

async function withDriver(t: Parameters<typeof build>[0], plan: Parameters<typeof scriptedDriver>[0], backoff = { baseMs: 20, capMs: 80 }) {
  const app = await build(t)
  const { driver, log } = scriptedDriver(plan)
  app.channels.register(driver)
  app.channels.options.backoff = backoff
  const c = await createCompanyWithUsers(app)
  const statuses: string[] = []
  app.events.on('whatsapp.statusChanged', (e) => void statuses.push(e.status))
  const res = await call(app, 'POST', '/whatsapp', c.admin.headers, { name: 'Roteiro', provider: 'scripted' })
  return { app, c, log, statuses, id: res.json().id as number }
}

const statusOf = async (app: FastifyInstance, id: number) => (await app.knex('whatsapps').where({ id }).first()) as { status: string; retries: number; qrcode: string }

t.test('lost connections retry with backoff; connecting resets the count', async (t) => {
  const { app, log, statuses, id } = await withDriver(t, [close('lost'), close('lost'), (h) => { throw new Error(`start failed ${h.whatsappId}`) }, connect])
  // Waiting on the events, not the row: the row changes a moment before its event is emitted.
  await waitFor(() => statuses.includes('CONNECTED'), 10_000, 'connected after retries')
  t.equal(log.starts, 4)
  t.same(statuses, ['TIMEOUT', 'OPENING', 'TIMEOUT', 'OPENING', 'TIMEOUT', 'OPENING', 'CONNECTED'], 'a failing start() is retried like a lost connection')
  t.equal((await statusOf(app, id)).retries, 0, 'retries reset once connected')
})

t.test('the retry count shows while waiting', async (t) => {
  const { app, id } = await withDriver(t, [close('lost'), close('lost'), close('lost'), () => undefined])
  await waitFor(async () => (await statusOf(app, id)).retries === 3, 10_000, 'three retries')
})

t.test('a session that is down says why and when it tries again; connected, both clear', async (t) => {
  const down = (host: SessionHost) => void setTimeout(() => host.closed('lost', 'getaddrinfo ENOTFOUND', 'network'), 5)
  // the next automatic try is a minute away: the row stays down until "try again"
  const { app, c, id } = await withDriver(t, [down, connect], { baseMs: 60_000, capMs: 60_000 })
  const row = await waitFor(async () => { const r = await app.knex('whatsapps').where({ id }).first(); return r.status === 'TIMEOUT' ? r : undefined }, 10_000, 'down')
  t.equal(row.disconnectCause, 'network')
  const shown = (await call(app, 'GET', `/whatsapp/${id}`, c.admin.headers)).json()
  t.equal(shown.disconnectCause, 'network', 'the API says why')
  t.ok(Date.parse(shown.nextRetryAt) > Date.now() + 30_000, `and when the next try is (${shown.nextRetryAt})`)
  await call(app, 'POST', `/whatsappsession/${id}`, c.admin.headers)
  const up = await waitFor(async () => { const r = await app.knex('whatsapps').where({ id }).first(); return r.status === 'CONNECTED' ? r : undefined }, 10_000, 'connected')
  t.same([up.disconnectCause, up.nextRetryAt], [null, null], 'cleared once connected')
})

t.test('a logged-out session is DISCONNECTED with its cause and no next try', async (t) => {
  const { app, id } = await withDriver(t, [(h) => void setTimeout(() => h.closed('loggedOut', '401', 'loggedOut'), 5)])
  const row = await waitFor(async () => { const r = await app.knex('whatsapps').where({ id }).first(); return r.status === 'DISCONNECTED' && r.disconnectCause ? r : undefined }, 10_000, 'disconnected')
  t.equal(row.disconnectCause, 'loggedOut')
  t.equal(row.nextRetryAt, null)
})

t.test('restart required reconnects at once through PAIRING; a restart loop backs off', async (t) => {
  const { app, log, statuses, id } = await withDriver(t, [(h) => h.status({ status: 'qrcode', qrcode: 'QR-1' }), connect])
  await waitFor(() => statuses.includes('qrcode'), 10_000, 'qr shown')
  log.hosts[0].closed('restart')
  await waitFor(() => statuses.includes('CONNECTED'), 10_000, 'connected')
  t.same(statuses, ['qrcode', 'PAIRING', 'CONNECTED'])
  t.equal((await statusOf(app, id)).qrcode, '', 'the QR is cleared')

  const loop = await withDriver(t, [close('restart'), close('restart'), close('restart'), close('restart'), connect])
  await waitFor(() => loop.statuses.includes('CONNECTED'), 10_000, 'connected after the loop')
  t.same(loop.statuses, ['PAIRING', 'TIMEOUT', 'OPENING', 'CONNECTED'], 'after 3 restarts in a row the 4th close waits')
})

t.test('logged out: auth state wiped, DISCONNECTED, no retries; gave up: DISCONNECTED', async (t) => {
  const { app, log, statuses, id } = await withDriver(t, [connect])
  await waitFor(() => statuses.includes('CONNECTED'), 10_000)
  log.hosts[0].closed('loggedOut')
  await waitFor(() => statuses.includes('DISCONNECTED') && !app.channels.runsHere(id), 10_000, 'disconnected')
  await new Promise((r) => setTimeout(r, 150))
  t.equal(log.starts, 1, 'no retry after a logout')
  t.equal(log.resets, 1, 'the pairing is forgotten')
  t.notOk(app.channels.runsHere(id), 'the session (and its lease) are let go')
  log.hosts[0].status({ status: 'CONNECTED' })
  await app.events.idle()
  t.equal((await statusOf(app, id)).status, 'DISCONNECTED', 'a stale session cannot change the status anymore')

  const gave = await withDriver(t, [close('gaveUp')])
  await waitFor(() => gave.statuses.includes('DISCONNECTED'), 10_000, 'gave up')
  t.equal(gave.log.resets, 0, 'giving up keeps the pairing')
})

t.test('the message store answers getMessage; a missing driver leaves the connection DISCONNECTED', async (t) => {
  const { app, c, log, id } = await withDriver(t, [connect])
  await waitFor(() => log.hosts.length === 1)
  t.equal(await log.hosts[0].getMessage({ externalId: 'm1', chatJid: 'x@s.whatsapp.net' }), undefined, 'no store yet')
  app.channels.setMessageLookup(async (ref) => (ref.companyId === c.id && ref.whatsappId === id ? `{"conversation":"${ref.externalId}"}` : undefined))
  t.equal(await log.hosts[0].getMessage({ externalId: 'm1', chatJid: 'x@s.whatsapp.net' }), '{"conversation":"m1"}')
  await app.knex('whatsapps').where({ id }).update({ provider: 'gone' })
  t.equal(await app.channels.start(c.id, id), false)
  t.equal((await statusOf(app, id)).status, 'DISCONNECTED')
})

t.test('driver registry: providers are unique and well-formed', async (t) => {
  const app = await build(t)
  const { driver } = scriptedDriver([])
  t.throws(() => app.channels.register({ ...driver, provider: 'sandbox' }), /already registered/)
  t.throws(() => app.channels.register({ ...driver, provider: 'Bad Name' }), /kebab-case/)
  t.same(app.channels.drivers.list().map((d) => d.provider), ['beta', 'sandbox'])
})
