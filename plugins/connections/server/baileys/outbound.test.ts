import t from 'tap'
import { targetJid, toBaileys } from './outbound.ts'

t.test('recipients: digits become a phone-number jid, jids lose their device part', async (t) => {
  t.equal(targetJid('+55 (11) 98888-7777'), '5511988887777@s.whatsapp.net')
  t.equal(targetJid('5511988887777:12@s.whatsapp.net'), '5511988887777@s.whatsapp.net')
  t.equal(targetJid('118227536617512@lid'), '118227536617512@lid')
  t.equal(targetJid('120363041234567890@g.us'), '120363041234567890@g.us')
  t.throws(() => targetJid('abc'), /no recipient/)
})

t.test('text, quoted replies, media, location', async (t) => {
  t.same(toBaileys({ to: '5511988887777', body: 'Olá' }), { jid: '5511988887777@s.whatsapp.net', content: { text: 'Olá' }, options: {} })
  const reply = toBaileys({ to: '120363041234567890@g.us', body: 'sim', quoted: { externalId: 'Q1', fromMe: false, participant: '118227536617512@lid', body: 'pode?' } })
  t.same(reply.options.quoted, { key: { remoteJid: '120363041234567890@g.us', id: 'Q1', fromMe: false, participant: '118227536617512@lid' }, message: { conversation: 'pode?' } })
  const data = Buffer.from('x')
  t.same(toBaileys({ to: '5511988887777', body: 'foto', media: { type: 'image', data, mimetype: 'image/png' } }).content, { image: data, mimetype: 'image/png', caption: 'foto' })
  t.same(toBaileys({ to: '5511988887777', media: { type: 'video', data, mimetype: 'video/mp4' } }).content, { video: data, mimetype: 'video/mp4', caption: undefined })
  t.same(toBaileys({ to: '5511988887777', media: { type: 'audio', data, mimetype: 'audio/ogg; codecs=opus', ptt: true } }).content, { audio: data, mimetype: 'audio/ogg; codecs=opus', ptt: true })
  t.same(toBaileys({ to: '5511988887777', body: 'segue', media: { type: 'document', data, mimetype: 'application/pdf', fileName: 'a.pdf' } }).content, { document: data, mimetype: 'application/pdf', fileName: 'a.pdf', caption: 'segue' })
  t.same(toBaileys({ to: '5511988887777', location: { latitude: -23.5, longitude: -46.6, name: 'Loja' } }).content, { location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Loja', address: undefined } })
  t.throws(() => toBaileys({ to: '5511988887777' }), /empty message/)
})

t.test('a message id chosen by the sender goes to Baileys as messageId (a resend under it is the same message)', async (t) => {
  t.same(toBaileys({ to: '5511988887777', body: 'Oi', id: '3EB0ABCDEF012345678900' }).options, { messageId: '3EB0ABCDEF012345678900' })
})
