import t from 'tap'
import { build, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection } from './test-helpers.ts'
import { hashApiToken } from './api-token.ts'

t.test('the server makes the token, shows it once, keeps only its hash; rotation and removal', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  t.equal(w.hasToken, false)
  t.equal(await app.connections.findByApiToken(''), undefined, 'an empty token is nobody\'s')

  const made = await call(app, 'POST', `/whatsapp/${w.id}/token`, c.admin.headers)
  t.equal(made.statusCode, 201, made.body)
  t.equal(made.headers['cache-control'], 'no-store')
  const { token } = made.json() as { token: string }
  t.match(token, /^zdk_[A-Za-z0-9_-]{43}$/, '256 random bits, URL-safe')
  t.same(await app.connections.findByApiToken(token), { companyId: c.id, whatsappId: w.id })

  const stored = await app.knex('whatsapps').where({ id: w.id }).first()
  t.equal(stored.apiTokenHash, hashApiToken(token), 'only the SHA-256 is stored')
  t.notOk(JSON.stringify(stored).includes(token), 'the token itself is nowhere in the row')
  const listed = (await call(app, 'GET', '/whatsapp', c.admin.headers)).json()[0]
  t.equal(listed.hasToken, true)
  t.notOk(JSON.stringify(listed).includes(token), 'never shown again')
  const loaded = await app.connections.load(c.id, w.id)
  t.notOk('apiTokenHash' in loaded!.row, 'other plugins never see the hash')

  const again = (await call(app, 'POST', `/whatsapp/${w.id}/token`, c.admin.headers)).json().token as string
  t.not(again, token)
  t.equal(await app.connections.findByApiToken(token), undefined, 'the rotated-out token stops working at once')
  t.same(await app.connections.findByApiToken(again), { companyId: c.id, whatsappId: w.id })
  t.equal(await app.connections.findByApiToken(again.slice(0, -1)), undefined, 'a near miss is no match')
  t.equal(await app.connections.findByApiToken('x'.repeat(5000)), undefined)

  const removed = await call(app, 'DELETE', `/whatsapp/${w.id}/token`, c.admin.headers)
  t.same(removed.json(), { hasToken: false })
  t.equal(await app.connections.findByApiToken(again), undefined)
  t.equal((await call(app, 'GET', `/whatsapp/${w.id}`, c.admin.headers)).json().hasToken, false)
})

t.test('tokens: admins of the connection\'s own company only', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const wb = await sandboxConnection(app, b.admin.headers)
  t.equal((await call(app, 'POST', `/whatsapp/${wb.id}/token`, a.admin.headers)).statusCode, 404, 'another company\'s connection')
  t.equal((await call(app, 'DELETE', `/whatsapp/${wb.id}/token`, a.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'POST', `/whatsapp/${wb.id}/token`, b.user.headers)).statusCode, 403, 'agents cannot')
  t.equal((await call(app, 'POST', '/whatsapp/999999/token', b.admin.headers)).json().error, 'ERR_NO_WAPP_FOUND')
  t.equal((await call(app, 'GET', `/whatsapp/${wb.id}`, b.admin.headers)).json().hasToken, false, 'nothing changed')
})
