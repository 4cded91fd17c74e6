import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, waitFor } from '../test-helpers.ts'
import { baileysDriver } from './driver.ts'

/**
 * A real Baileys socket with no network to reach (its WhatsApp address is a closed local port, so the test means
 * the same on a machine with internet): the session must take the retry path with growing delays and the server
 * must keep answering.
 */
t.test('a real Baileys session without network retries with backoff and never crashes the server', async (t) => {
  const crashes: unknown[] = []
  const onCrash = (err: unknown) => void crashes.push(err)
  process.on('unhandledRejection', onCrash)
  process.on('uncaughtException', onCrash)
  t.teardown(() => {
    process.off('unhandledRejection', onCrash)
    process.off('uncaughtException', onCrash)
  })
  const app = await build(t)
  const real = baileysDriver({ provider: 'beta-offline', socketConfig: { waWebSocketUrl: 'ws://127.0.0.1:9/ws/chat', connectTimeoutMs: 2000 } })
  // Timestamps of each socket attempt and of each close the driver reports, to measure the waits in between.
  const attempts: number[] = []
  const closes: number[] = []
  app.channels.register({
    ...real,
    createSession: (host) => {
      attempts.push(Date.now())
      return real.createSession({ ...host, closed: (reason, detail) => (closes.push(Date.now()), host.closed(reason, detail)) })
    },
  })
  app.channels.options.backoff = { baseMs: 100, capMs: 60_000 }
  const c = await createCompanyWithUsers(app)
  const seen: Array<{ status: string; at: number }> = []
  app.events.on('whatsapp.statusChanged', (e) => void seen.push({ status: e.status, at: Date.now() }))

  const res = await call(app, 'POST', '/whatsapp', c.admin.headers, { name: 'Celular', provider: 'beta-offline' })
  t.equal(res.statusCode, 201, res.body)
  const id = res.json().id
  await waitFor(() => seen.filter((s) => s.status === 'TIMEOUT').length >= 4, 15_000, 'four retries')

  // From a close to the next attempt: the backoff of 100, 200, 400 ms steps, each at least half of its step
  // (jitter); the upper bound is loose, parallel test files slow the clock down.
  t.same(seen.slice(0, 4).map((s) => s.status), ['TIMEOUT', 'OPENING', 'TIMEOUT', 'OPENING'], 'OPENING (the created row) -> TIMEOUT -> OPENING -> ...')
  const waits = attempts.slice(1).map((at, i) => at - closes[i])
  t.ok(waits.length >= 3, `waits measured: ${waits.join(', ')} ms`)
  waits.slice(0, 3).forEach((w, i) => {
    const step = 100 * 2 ** i
    t.ok(w >= step / 2 && w <= step + 1000, `retry ${i + 1} waited ${w} ms for a ${step} ms step`)
  })
  const row = (await call(app, 'GET', `/whatsapp/${id}`, c.admin.headers)).json()
  t.ok(row.retries >= 3, `retries counted (${row.retries})`)
  t.ok(['TIMEOUT', 'OPENING'].includes(row.status), `between attempts: ${row.status}`)
  t.equal((await call(app, 'GET', '/whatsapp', c.user.headers)).statusCode, 200, 'the server keeps answering')
  await t.rejects(app.channels.send(c.id, id, { to: '5511988887777', body: 'x' }), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'no sends while not connected')

  const off = await call(app, 'DELETE', `/whatsappsession/${id}`, c.admin.headers)
  t.equal(off.statusCode, 200)
  const count = seen.length
  await new Promise((r) => setTimeout(r, 600))
  t.equal((await call(app, 'GET', `/whatsapp/${id}`, c.admin.headers)).json().status, 'DISCONNECTED')
  t.equal(seen.length, count, 'disconnecting stops the retries')
  t.same(crashes, [], 'no unhandled rejection or exception')
})
