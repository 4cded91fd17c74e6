import t from 'tap'
import { call, text, world } from './test-helpers.ts'
import { DOWNLOAD_FAILED_NOTE } from './content.ts'

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

t.test('media is downloaded to the company\'s storage with the spec\'s media types, and served to its agents', async (t) => {
  const w = await world(t)
  await w.inject({ id: 'img', mediaType: 'image', mediaBase64: png.toString('base64'), fileName: 'foto.png', body: 'minha foto' })
  await w.inject({ id: 'doc', mediaType: 'document', mediaBase64: Buffer.from('%PDF-1.4').toString('base64'), fileName: 'pedido.pdf' })
  for (const type of ['ptt', 'audio', 'video', 'sticker']) await w.inject({ id: type, mediaType: type })
  const rows = await w.messages()
  const byId = Object.fromEntries(rows.map((m) => [m.externalId, m]))
  t.match(byId.img, { mediaType: 'image', body: 'minha foto', mediaName: 'foto.png', mediaMimetype: 'image/png', mediaPath: /^[0-9a-f-]{36}\.png$/ })
  t.match(byId.doc, { mediaType: 'application', body: 'pedido.pdf', mediaMimetype: 'application/pdf' })
  t.match(byId.ptt, { mediaType: 'audio', mediaMimetype: /^audio\/ogg/ })
  t.match(byId.audio, { mediaType: 'audio' })
  t.match(byId.video, { mediaType: 'video' })
  t.match(byId.sticker, { mediaType: 'image', mediaMimetype: 'image/webp' }, 'a sticker is an image')
  t.ok(rows.every((m) => m.mediaPath), 'every file stored')
  t.equal((await w.tickets())[0].lastMessage, 'sticker.webp', 'a captionless file is previewed by its name')

  const res = await call(w.app, 'GET', `/media/${byId.img.mediaPath}`, w.c.user.headers)
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'image/png')
  t.same(res.rawPayload, png, 'the agent gets the same bytes')
  t.equal((await w.app.inject({ method: 'GET', url: `/api/media/${byId.img.mediaPath}` })).statusCode, 401, 'not without a session')
})

t.test('a redelivered media message leaves no second file behind', async (t) => {
  const w = await world(t)
  const event = text('5511944443333', '', {
    externalId: 'twice', type: 'image',
    media: { type: 'image', mimetype: 'image/png', fileName: 'a.png', download: async () => png },
  })
  await Promise.all([w.deliver(event), w.deliver(event), w.deliver(event)])
  const rows = await w.messages()
  t.equal(rows.length, 1)
  const files = await w.app.storage.list(w.c.id)
  t.same(files, [rows[0].mediaPath], 'only the stored message\'s file is kept')
})

t.test('a failed download keeps the message, with its type, a note and no file', async (t) => {
  const w = await world(t)
  await w.deliver(text('5511944443333', 'veja o vídeo', {
    externalId: 'broken', type: 'video',
    media: { type: 'video', mimetype: 'video/mp4', download: async () => { throw new Error('media expired') } },
  }))
  const [message] = await w.messages()
  t.match(message, { mediaType: 'video', mediaPath: null, body: `veja o vídeo\n${DOWNLOAD_FAILED_NOTE}` })
  t.equal((await w.tickets())[0].unreadMessages, 1)
})

t.test('locations and contact cards keep the spec\'s bodies', async (t) => {
  const w = await world(t)
  await w.inject({ id: 'loc', mediaType: 'location', latitude: -23.561, longitude: -46.656, body: 'Av. Paulista | 1000' })
  await w.inject({ id: 'card', mediaType: 'vcard', name: 'João' })
  const [loc, card] = await w.messages()
  t.match(loc, { mediaType: 'locationMessage', body: '|https://maps.google.com/maps?q=-23.561%2C-46.656&z=17|Av. Paulista   1000' })
  t.equal(loc.body.split('|').length, 3, 'image|link|description')
  t.match(card, { mediaType: 'vcard', body: /^BEGIN:VCARD[\s\S]*FN:João[\s\S]*END:VCARD$/ })
  t.equal((await w.tickets())[0].lastMessage, 'João', 'the card is previewed by its name')
})
