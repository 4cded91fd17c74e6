import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, createUser } from '@zapdesk/plugin-api/testing'
import { call, capturePublished, upload } from './test-helpers.ts'

t.test('create, list, show, update and delete; shortcode is required', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const published = capturePublished(app)
  const created = await call(app, 'POST', '/quick-messages', c.user.headers, { shortcode: ' oi ', message: 'Olá! Como posso ajudar?', geral: true, status: true, isMedia: true, mediaPath: '../../etc/passwd' })
  t.equal(created.statusCode, 201, created.body)
  t.match(created.json(), { shortcode: 'oi', message: 'Olá! Como posso ajudar?', geral: true, status: true, userId: c.user.id, isMedia: false, mediaPath: null })
  const id = created.json().id

  for (const body of [{}, { shortcode: '' }, { shortcode: '   ' }, { shortcode: 'x'.repeat(101) }]) {
    const res = await call(app, 'POST', '/quick-messages', c.user.headers, body)
    t.equal(res.json().error, 'ERR_VALIDATION', `refused: ${JSON.stringify(body).slice(0, 40)}`)
  }
  t.equal((await call(app, 'GET', `/quick-messages/${id}`, c.user.headers)).json().shortcode, 'oi')
  const upd = await call(app, 'PUT', `/quick-messages/${id}`, c.user.headers, { shortcode: 'ola', status: false })
  t.match(upd.json(), { shortcode: 'ola', status: false, message: 'Olá! Como posso ajudar?' })
  t.equal((await call(app, 'DELETE', `/quick-messages/${id}`, c.user.headers)).statusCode, 204)
  t.equal((await call(app, 'GET', `/quick-messages/${id}`, c.user.headers)).statusCode, 404)
  t.same(published.filter((p) => p.topic === 'quickmessage').map((p) => p.data.action), ['create', 'update', 'delete'])
})

t.test('geral messages are the company\'s, personal ones only their owner\'s', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const colleague = await createUser(app, c.id, { name: 'Colega' })
  const other = await createCompanyWithUsers(app)
  const published = capturePublished(app)
  const make = async (who: typeof c.user, shortcode: string, geral: boolean) => (await call(app, 'POST', '/quick-messages', who.headers, { shortcode, message: shortcode, geral })).json()
  const geral = await make(c.user, 'geral-do-agente', true)
  const mine = await make(c.user, 'pessoal-do-agente', false)
  const adminPersonal = await make(c.admin, 'pessoal-do-admin', false)
  await make(other.user, 'de-outra-empresa', true)

  const shortcodes = async (who: typeof c.user, query = '') => (await call(app, 'GET', `/quick-messages${query}`, who.headers)).json().records.map((r: { shortcode: string }) => r.shortcode)
  t.same(await shortcodes(c.user), ['geral-do-agente', 'pessoal-do-agente'])
  t.same(await shortcodes(colleague), ['geral-do-agente'], 'a colleague sees only the geral one')
  t.same(await shortcodes(c.admin), ['geral-do-agente', 'pessoal-do-admin'], 'an admin does not see agents\' personal messages')
  t.same(await shortcodes(c.user, `?userId=${c.user.id}&searchParam=PESSOAL`), ['pessoal-do-agente'])
  t.equal((await call(app, 'GET', `/quick-messages?userId=${colleague.id}`, c.user.headers)).statusCode, 403, 'no peeking at another user\'s list')
  t.equal((await call(app, 'GET', `/quick-messages/${mine.id}`, colleague.headers)).statusCode, 404)
  t.equal((await call(app, 'GET', `/quick-messages/${adminPersonal.id}`, c.user.headers)).statusCode, 404)

  t.equal((await call(app, 'PUT', `/quick-messages/${geral.id}`, colleague.headers, { message: 'x' })).statusCode, 403, 'a colleague cannot change it')
  t.equal((await call(app, 'DELETE', `/quick-messages/${geral.id}`, colleague.headers)).statusCode, 403)
  t.equal((await call(app, 'PUT', `/quick-messages/${mine.id}`, c.admin.headers, { message: 'x' })).statusCode, 404, 'nor an admin a personal one')
  const byAdmin = await call(app, 'PUT', `/quick-messages/${geral.id}`, c.admin.headers, { message: 'revisado', geral: false })
  t.match(byAdmin.json(), { message: 'revisado', geral: true }, 'an admin edits a geral message but cannot make it someone\'s personal one')

  const list = async (who: typeof c.user, q: string) => (await call(app, 'GET', `/quick-messages/list${q}`, who.headers))
  t.same((await list(c.user, `?companyId=${c.id}&userId=${c.user.id}`)).json().map((r: { shortcode: string }) => r.shortcode), ['geral-do-agente', 'pessoal-do-agente'])
  t.equal((await list(c.user, `?companyId=${other.id}`)).statusCode, 403)
  await call(app, 'PUT', `/quick-messages/${mine.id}`, c.user.headers, { status: false })
  t.same((await list(c.user, '')).json().map((r: { shortcode: string }) => r.shortcode), ['geral-do-agente'], 'the autocomplete list leaves inactive ones out')

  published.length = 0
  await call(app, 'PUT', `/quick-messages/${geral.id}`, c.user.headers, { geral: false })
  t.same(published.map((p) => [p.data.action, p.audience ?? 'company']), [['delete', 'company'], ['update', { userIds: [c.user.id] }]], 'leaves everyone\'s list, stays in its owner\'s')
  t.same(await shortcodes(colleague), [])
})

t.test('attachments: upload, serve through /api/media, replace and delete', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const colleague = await createUser(app, c.id)
  const qm = (await call(app, 'POST', '/quick-messages', c.user.headers, { shortcode: 'menu', message: 'Nosso cardápio', geral: true })).json()
  const up = await upload(app, `/quick-messages/${qm.id}/media-upload`, c.user.headers, 'cardápio.pdf', Buffer.from('%PDF-1.4 menu'), { typeArch: 'quickMessage' })
  t.equal(up.statusCode, 200, up.body)
  t.match(up.json(), { isMedia: true, mediaName: 'cardápio.pdf', mediaPath: /^[0-9a-f-]{36}\.pdf$/ })
  const first = up.json().mediaPath
  const served = await app.inject({ url: `/api/media/${first}`, headers: colleague.headers })
  t.equal(served.statusCode, 200)
  t.equal(served.body, '%PDF-1.4 menu')

  t.equal((await upload(app, `/quick-messages/${qm.id}/media-upload`, c.user.headers, 'virus.exe', Buffer.from('MZ'))).statusCode, 415)
  t.equal((await upload(app, `/quick-messages/${qm.id}/media-upload`, colleague.headers, 'x.png', Buffer.from('png'))).statusCode, 403, 'only who may edit it')
  const again = await upload(app, `/quick-messages/${qm.id}/media-upload`, c.user.headers, 'foto.png', Buffer.from('png'))
  t.equal(again.json().mediaName, 'foto.png')
  t.equal(await app.storage.stat(c.id, first), null, 'the replaced file is gone')

  const removed = await call(app, 'DELETE', `/quick-messages/${qm.id}/media-upload`, c.user.headers)
  t.match(removed.json(), { isMedia: false, mediaPath: null, mediaName: null })
  t.equal(await app.storage.stat(c.id, again.json().mediaPath), null)

  const third = (await upload(app, `/quick-messages/${qm.id}/media-upload`, c.user.headers, 'audio.mp3', Buffer.from('ID3'))).json().mediaPath
  await call(app, 'DELETE', `/quick-messages/${qm.id}`, c.user.headers)
  t.equal(await app.storage.stat(c.id, third), null, 'deleting the message deletes its file')
})
