import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, createSuper } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection, waitFor } from './test-helpers.ts'

t.test('disconnect, try again and new QR on a sandbox; realtime to the company and status events', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const published: Array<{ companyId: number; topic: string; data: { action: string; session?: { id: number; status: string; token?: unknown } } }> = []
  const publish = app.realtime.publish.bind(app.realtime)
  app.realtime.publish = (m) => {
    published.push(m as never)
    publish(m)
  }
  const changes: Array<{ status: string; previous: string }> = []
  app.events.on('whatsapp.statusChanged', (e) => void changes.push(e))
  const w = await sandboxConnection(app, c.admin.headers)
  await app.events.idle()
  t.same(changes.map((e) => e.status), ['CONNECTED'], 'OPENING (the created row) -> CONNECTED')
  t.ok(published.some((m) => m.topic === 'whatsapp' && m.data.action === 'update'), 'whatsapp update on create')

  const off = await call(app, 'DELETE', `/whatsappsession/${w.id}`, c.admin.headers)
  t.equal(off.statusCode, 200)
  t.equal((await call(app, 'GET', `/whatsapp/${w.id}`, c.admin.headers)).json().status, 'DISCONNECTED')
  const sessions = published.filter((m) => m.topic === 'whatsappSession')
  t.same(sessions.at(-1)!.data.session!.status, 'DISCONNECTED')
  t.ok(sessions.every((m) => m.companyId === c.id && !m.data.session!.token), 'company-scoped, never with the token')

  t.equal((await call(app, 'POST', `/whatsappsession/${w.id}`, c.admin.headers)).statusCode, 200)
  t.equal((await call(app, 'GET', `/whatsapp/${w.id}`, c.admin.headers)).json().status, 'CONNECTED', 'try again')
  t.equal((await call(app, 'PUT', `/whatsappsession/${w.id}`, c.admin.headers)).statusCode, 200)
  t.equal((await call(app, 'GET', `/whatsapp/${w.id}`, c.admin.headers)).json().status, 'CONNECTED', 'a sandbox needs no QR')
  await app.events.idle()
  t.same(changes.map((e) => e.status), ['CONNECTED', 'DISCONNECTED', 'OPENING', 'CONNECTED', 'OPENING', 'CONNECTED'])
  t.ok(app.channels.runsHere(w.id))

  t.equal((await call(app, 'DELETE', `/whatsapp/${w.id}`, c.admin.headers)).statusCode, 200)
  t.notOk(app.channels.runsHere(w.id), 'deleting a connection ends its session')
  t.match(published.at(-1), { topic: 'whatsapp', data: { action: 'delete', whatsappId: w.id } })
})

t.test('session actions: admins only, own company only, bad ids are 400', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  for (const method of ['POST', 'PUT', 'DELETE'] as const) {
    t.equal((await call(app, method, `/whatsappsession/${w.id}`, c.user.headers)).statusCode, 403, `${method} by an agent`)
    t.equal((await call(app, method, `/whatsappsession/${w.id}`, other.admin.headers)).statusCode, 404, `${method} by another company`)
    t.equal((await call(app, method, '/whatsappsession/x', c.admin.headers)).statusCode, 400)
    t.equal((await call(app, method, '/whatsappsession/424242', c.admin.headers)).json().error, 'ERR_NO_WAPP_FOUND')
  }
  t.equal((await call(app, 'GET', `/whatsapp/${w.id}`, c.admin.headers)).json().status, 'CONNECTED', 'nothing happened to it')
})

t.test('sessions start at boot (staggered) and stop on close; DISCONNECTED ones stay off', async (t) => {
  const first = await build(t)
  const c = await createCompanyWithUsers(first)
  const on = await sandboxConnection(first, c.admin.headers, { name: 'Ligada' })
  const off = await sandboxConnection(first, c.admin.headers, { name: 'Desligada' })
  await call(first, 'DELETE', `/whatsappsession/${off.id}`, c.admin.headers)
  // A second app on the same database plays the restarted server.
  const { buildApp } = await import('@zapdesk/plugin-api/testing')
  const second = await buildApp({ env: {}, config: { ...first.config, redisPrefix: `${first.config.redisPrefix}b` } })
  t.teardown(() => second.close())
  t.notOk(second.channels.runsHere(on.id))
  second.channels.options.autoStart = true
  second.channels.options.staggerMs = 50
  await first.knex('whatsapps').where({ id: on.id }).update({ status: 'TIMEOUT' })
  await second.ready()
  await waitFor(() => second.channels.runsHere(on.id), 10_000, 'boot start')
  t.notOk(second.channels.runsHere(off.id), 'a disconnected session is not started at boot')
  await waitFor(async () => (await first.knex('whatsapps').where({ id: on.id }).first()).status === 'CONNECTED', 10_000, 'CONNECTED again')
  await second.close()
  t.notOk(second.channels.runsHere(on.id), 'stopped on close')
  t.equal((await first.knex('whatsapps').where({ id: on.id }).first()).status, 'CONNECTED', 'the status stays for the next boot')
})

t.test('deleting a company ends its sessions', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const keep = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  const kept = await sandboxConnection(app, keep.admin.headers)
  const root = await createSuper(app)
  t.equal((await call(app, 'DELETE', `/companies/${c.id}`, root.headers)).statusCode, 204)
  await app.events.idle()
  t.notOk(app.channels.runsHere(w.id), 'its session is closed')
  t.ok(app.channels.runsHere(kept.id), 'other companies keep theirs')
  // Deleted on an instance whose request could not reach the owner: the event still ends it where it runs.
  app.events.emit('whatsapp.deleted', { companyId: keep.id, whatsappId: kept.id })
  await app.events.idle()
  t.notOk(app.channels.runsHere(kept.id), 'a deleted connection\'s session ends wherever it runs')
  t.equal(await app.knex('whatsapps').where({ companyId: c.id }).count({ n: '*' }).first().then((r) => Number(r!.n)), 0, 'its connections went with it')
})

t.test('a deactivated company\'s sessions stop and boot does not start them; reactivated, they start again', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const keep = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  const off = await sandboxConnection(app, c.admin.headers, { name: 'Desligada' })
  await call(app, 'DELETE', `/whatsappsession/${off.id}`, c.admin.headers)
  const kept = await sandboxConnection(app, keep.admin.headers)
  const root = await createSuper(app)
  t.equal((await call(app, 'PUT', `/companies/${c.id}`, root.headers, { status: false })).statusCode, 200)
  await app.events.idle()
  t.notOk(app.channels.runsHere(w.id), 'its session stopped')
  t.ok(app.channels.runsHere(kept.id), 'other companies keep theirs')
  t.equal((await app.knex('whatsapps').where({ id: w.id }).first()).status, 'CONNECTED', 'the pairing is kept for later')

  // a restarted server's boot scan passes over the inactive company
  const { buildApp } = await import('@zapdesk/plugin-api/testing')
  const second = await buildApp({ env: {}, config: { ...app.config, redisPrefix: `${app.config.redisPrefix}b` } })
  t.teardown(() => second.close())
  second.channels.options.autoStart = true
  second.channels.options.staggerMs = 10
  await app.channels.stop(keep.id, kept.id)
  await second.ready()
  await waitFor(() => second.channels.runsHere(kept.id), 10_000, 'boot start of the active company')
  t.notOk(second.channels.runsHere(w.id), 'no session of an inactive company at boot')
  await second.close()

  t.equal((await call(app, 'PUT', `/companies/${c.id}`, root.headers, { status: true })).statusCode, 200)
  await app.events.idle()
  await waitFor(() => app.channels.runsHere(w.id), 10_000, 'restart on reactivation')
  t.notOk(app.channels.runsHere(off.id), 'a connection the admin had disconnected stays off')
})
