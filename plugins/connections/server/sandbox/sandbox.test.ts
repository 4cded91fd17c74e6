import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, sandboxConnection, waitFor } from '../test-helpers.ts'
import type { InboundEvent, InboundMessage } from '../driver.ts'

async function setup(t: Parameters<typeof build>[0]) {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  const inbound: Array<{ companyId: number; whatsappId: number; event: InboundEvent }> = []
  const acks: Array<{ externalId: string; ack: number }> = []
  app.events.on('message.inbound', (e) => void inbound.push(e))
  app.events.on('message.ack', (e) => void acks.push(e))
  return { app, c, w, inbound, acks }
}

t.test('injected messages come out as normalized inbound events; a repeated id is emitted again', async (t) => {
  const { app, c, w, inbound } = await setup(t)
  const res = await call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '+5511988887777', name: 'Cliente', body: 'Oi!', id: 'ext-1' })
  t.equal(res.statusCode, 201, res.body)
  t.same(res.json(), { id: 'ext-1' })
  await app.events.idle()
  t.equal(inbound.length, 1)
  t.match(inbound[0], {
    companyId: c.id, whatsappId: w.id,
    event: { kind: 'message', type: 'text', externalId: 'ext-1', body: 'Oi!', fromMe: false, chat: { jid: '5511988887777@s.whatsapp.net', number: '5511988887777', key: '5511988887777', name: 'Cliente', isGroup: false }, sender: { number: '5511988887777' } },
  })
  await call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '5511988887777', body: 'Oi!', id: 'ext-1' })
  const generated = (await call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '5511988887777', body: 'sem id' })).json().id
  await app.events.idle()
  t.same(inbound.map((e) => e.event.externalId), ['ext-1', 'ext-1', generated], 'the redelivery carries the same id; the tickets pipeline dedups')
  t.match(generated, /^SBX[0-9A-F]{16}$/)
})

t.test('media of every type with download(), quoted replies, fromMe, location, vCard, edits, deletions, reactions, calls', async (t) => {
  const { app, c, w, inbound } = await setup(t)
  const inject = (body: object) => call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '5511988887777', ...body })
  const png = Buffer.from('89504e470d0a1a0a', 'hex')
  await inject({ id: 'img', mediaType: 'image', mediaBase64: png.toString('base64'), fileName: 'foto.png', body: 'legenda', quotedId: 'ext-0' })
  await inject({ id: 'voice', mediaType: 'ptt' })
  for (const type of ['audio', 'video', 'document', 'sticker']) await inject({ id: type, mediaType: type })
  await inject({ id: 'mine', body: 'pelo celular', fromMe: true })
  await inject({ id: 'loc', mediaType: 'location', latitude: -23.56, longitude: -46.65, body: 'Paulista' })
  await inject({ id: 'card', mediaType: 'vcard', name: 'João' })
  await inject({ action: 'edit', targetId: 'img', body: 'nova legenda' })
  await inject({ action: 'revoke', targetId: 'voice' })
  await inject({ action: 'reaction', targetId: 'mine', emoji: '❤️' })
  await inject({ action: 'call', id: 'call-1', mediaType: 'video' })
  await app.events.idle()
  const byId = (id: string, kind = 'message') => inbound.find((e) => e.event.externalId === id && e.event.kind === kind)!.event as InboundMessage
  const img = byId('img')
  t.match(img, { type: 'image', body: 'legenda', quotedId: 'ext-0', media: { type: 'image', mimetype: 'image/png', fileName: 'foto.png', size: png.length } })
  t.same(await img.media!.download(), png, 'download() gives the injected bytes')
  t.match(byId('voice').media, { type: 'audio', ptt: true, mimetype: 'audio/ogg; codecs=opus' })
  for (const type of ['audio', 'video', 'document', 'sticker']) t.equal(byId(type).media?.type, type, `${type} media`)
  t.match(byId('mine'), { fromMe: true, body: 'pelo celular' })
  t.notOk(byId('mine').sender, 'no sender on our own messages')
  t.match(byId('loc'), { type: 'location', location: { latitude: -23.56, longitude: -46.65, name: 'Paulista' } })
  t.match(byId('card'), { type: 'vcard', contacts: [{ displayName: 'João' }] })
  t.match(byId('img', 'edit'), { kind: 'edit', body: 'nova legenda' })
  t.ok(byId('voice', 'revoke'))
  t.match(byId('mine', 'reaction'), { emoji: '❤️' })
  t.match(byId('call-1', 'call'), { kind: 'call', isVideo: true })
  t.equal((await inject({ action: 'edit' })).statusCode, 400, 'an edit without a target')
  t.equal((await inject({ mediaBase64: 'AAAA' })).statusCode, 400, 'bytes without a media type')
})

t.test('sends land in the outbox and are acknowledged 1 -> 2 -> 3; reading happens only on demand', async (t) => {
  const { app, c, w, acks, inbound } = await setup(t)
  app.channels.options.sandboxAckDelayMs = 30
  await call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '5511988887777', body: 'Oi', id: 'in-1' })
  const first = await app.channels.send(c.id, w.id, { to: '5511988887777', body: 'Olá, como posso ajudar?', quoted: { externalId: 'in-1', fromMe: false } })
  t.match(first, { externalId: /^SBX/, ack: 1 })
  const second = await app.channels.send(c.id, w.id, { to: '5511988887777@s.whatsapp.net', media: { type: 'document', data: Buffer.from('pdf'), mimetype: 'application/pdf', fileName: 'a.pdf' } })
  await app.channels.send(c.id, w.id, { to: '5511988887777', location: { latitude: 1.5, longitude: 2.5 } })
  const outbox = await call(app, 'GET', `/sandbox/${w.id}/outbox`, c.admin.headers)
  t.equal(outbox.statusCode, 200)
  t.same(outbox.json().map((m: { mediaType: string | null }) => m.mediaType), ['location', 'document', null], 'newest first')
  t.match(outbox.json()[1], { externalId: second.externalId, to: '5511988887777@s.whatsapp.net', mimetype: 'application/pdf', fileName: 'a.pdf', mediaSize: 3 })
  // Its ack may already have moved on (30 ms steps): the order of the acks is checked on the events below.
  t.match(outbox.json()[2], { body: 'Olá, como posso ajudar?', quotedId: 'in-1', ack: Number })
  await waitFor(() => acks.filter((a) => a.ack === 3).length === 3, 10_000, 'acks reach 3')
  t.ok((await call(app, 'GET', `/sandbox/${w.id}/outbox`, c.admin.headers)).json().every((m: { ack: number }) => m.ack === 3), 'the outbox shows them')
  t.same(acks.filter((a) => a.externalId === first.externalId).map((a) => a.ack), [2, 3], 'ack events, in order')
  t.same(await app.channels.command(c.id, w.id, 'reads', null), [], 'an arriving message is never marked read by itself')
  await app.channels.markRead(c.id, w.id, [{ externalId: 'in-1', chatJid: '5511988887777@s.whatsapp.net' }])
  t.same(await app.channels.command(c.id, w.id, 'reads', null), [{ externalId: 'in-1', chatJid: '5511988887777@s.whatsapp.net' }])
  t.equal(inbound.length, 1, 'sending emits no inbound event')
  t.equal((await call(app, 'GET', `/sandbox/${w.id}/outbox?limit=1`, c.admin.headers)).json().length, 1)
})

t.test('number validation, profile pictures, sessions that are not running', async (t) => {
  const { app, c, w } = await setup(t)
  t.same(await app.channels.checkNumber(c.id, w.id, '+55 (11) 98888-7777'), { jid: '5511988887777@s.whatsapp.net', number: '5511988887777' })
  for (const bad of ['123456789', '1234567890123456', 'abc', '5511a88887777']) {
    await t.rejects(app.channels.checkNumber(c.id, w.id, bad), { code: 'ERR_WAPP_INVALID_CONTACT' }, bad)
  }
  await t.rejects(app.channels.send(c.id, w.id, { to: '123', body: 'x' }), { code: 'ERR_WAPP_INVALID_CONTACT' })
  t.equal(await app.channels.profilePicture(c.id, w.id, '5511988887777'), null)
  t.equal(await app.channels.connectedFor(c.id), w.id, 'the connection to use when none is named')
  const other = await createCompanyWithUsers(app)
  await t.rejects(app.channels.send(other.id, w.id, { to: '5511988887777', body: 'x' }), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'a company never sends through another\'s connection')
  t.equal((await call(app, 'DELETE', `/whatsappsession/${w.id}`, c.admin.headers)).statusCode, 200)
  await t.rejects(app.channels.send(c.id, w.id, { to: '5511988887777', body: 'x' }), { code: 'ERR_WAPP_NOT_INITIALIZED' })
  t.equal(await app.channels.connectedFor(c.id), undefined, 'none connected')
  const res = await call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, { from: '5511988887777', body: 'x' })
  t.equal(res.statusCode, 409)
  t.equal(res.json().error, 'ERR_WAPP_NOT_INITIALIZED')
})

t.test('sandbox API: admins only, own sandbox connections only, bad input is 400', async (t) => {
  const { app, c, w } = await setup(t)
  const phone = (await call(app, 'POST', '/whatsapp', c.admin.headers, { name: 'Telefone real' })).json()
  const other = await createCompanyWithUsers(app)
  const msg = { from: '5511988887777', body: 'x' }
  t.equal((await call(app, 'POST', `/sandbox/${w.id}/messages`, c.user.headers, msg)).statusCode, 403)
  t.equal((await call(app, 'GET', `/sandbox/${w.id}/outbox`, c.user.headers)).statusCode, 403)
  t.equal((await call(app, 'POST', `/sandbox/${w.id}/messages`, other.admin.headers, msg)).statusCode, 404, 'another company')
  t.equal((await call(app, 'GET', `/sandbox/${w.id}/outbox`, other.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'POST', `/sandbox/${phone.id}/messages`, c.admin.headers, msg)).json().error, 'ERR_NO_WAPP_FOUND', 'not a sandbox')
  for (const body of [{}, { from: '123' }, { from: '5511988887777', mediaType: 'gif' }, { from: '5511988887777', id: 'a b' }, { from: '5511988887777', latitude: 100 }]) {
    t.equal((await call(app, 'POST', `/sandbox/${w.id}/messages`, c.admin.headers, body)).statusCode, 400, JSON.stringify(body))
  }
  t.equal((await call(app, 'GET', '/sandbox/0/outbox', c.admin.headers)).statusCode, 400)
})

t.test('drop: the sandbox goes down as a phone would, with its cause; admins of its own company only', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const w = await sandboxConnection(app, c.admin.headers)
  t.equal((await call(app, 'POST', `/sandbox/${w.id}/drop`, other.admin.headers, { cause: 'loggedOut' })).statusCode, 404, 'another company')
  t.equal((await call(app, 'POST', `/sandbox/${w.id}/drop`, c.user.headers, { cause: 'loggedOut' })).statusCode, 403, 'an agent')
  t.equal((await call(app, 'POST', `/sandbox/${w.id}/drop`, c.admin.headers, { cause: 'meteor' })).statusCode, 400, 'an unknown cause')
  t.equal((await call(app, 'POST', `/sandbox/${w.id}/drop`, c.admin.headers, { cause: 'loggedOut' })).statusCode, 202)
  const row = await waitFor(async () => { const r = await app.knex('whatsapps').where({ id: w.id }).first(); return r.status === 'DISCONNECTED' ? r : undefined }, 5000, 'disconnected')
  t.equal(row.disconnectCause, 'loggedOut')
  t.equal((await call(app, 'POST', `/whatsappsession/${w.id}`, c.admin.headers)).statusCode, 200)
  await waitFor(async () => (await app.knex('whatsapps').where({ id: w.id }).first()).status === 'CONNECTED', 5000, 'connected again')
  t.equal((await app.knex('whatsapps').where({ id: w.id }).first()).disconnectCause, null, 'the cause is cleared')
})
