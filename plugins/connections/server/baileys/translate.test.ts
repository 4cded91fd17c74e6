import t from 'tap'
import * as F from './fixtures/messages.ts'
import { ackOfStatus, translateCall, translateMessage, translateReceipt, type TranslateContext, type WAMessageLike } from './translate.ts'
import type { InboundMessage } from '../driver.ts'

const downloads: string[] = []
const ctx: TranslateContext = {
  download: (m) => async () => {
    downloads.push(m.key.id!)
    return Buffer.from(`bytes of ${m.key.id}`)
  },
  serialize: (c) => JSON.stringify(c),
}
const msg = (fixture: unknown) => translateMessage(fixture as WAMessageLike, ctx) as InboundMessage
const maria = { jid: F.ids.PN, number: F.ids.number, lid: F.ids.LID, key: F.ids.number, name: 'Maria Souza' }

t.test('text (conversation): external id, chat and sender identity, time, raw for the store', async (t) => {
  const e = msg(F.text)
  t.match(e, { kind: 'message', type: 'text', externalId: '3EB0C431C26A1916E1B4', body: 'Olá, preciso de ajuda', fromMe: false, timestamp: '2025-11-24T16:00:00.000Z' })
  t.strictSame(e.chat, { ...maria, isGroup: false })
  t.strictSame(e.sender, maria)
  t.notOk(e.media)
  t.equal(JSON.parse(e.raw!).conversation, 'Olá, preciso de ajuda')
})

t.test('extendedTextMessage with contextInfo: text and the quoted message id', async (t) => {
  const e = msg(F.extendedText)
  t.match(e, { type: 'text', body: 'Sim, esse mesmo https://example.com', quotedId: '3EB0C431C26A1916E1B4' })
})

t.test('media: image, audio, voice note, video, document, sticker with mimetype, file name and download()', async (t) => {
  const image = msg(F.image)
  t.match(image, { type: 'image', body: 'Foto do produto', timestamp: '2025-11-24T16:00:02.000Z' })
  t.match(image.media, { type: 'image', mimetype: 'image/jpeg', fileName: 'A5F1C2D3E4B5A6978801.jpg', size: 48213 })
  t.equal((await image.media!.download()).toString(), 'bytes of A5F1C2D3E4B5A6978801', 'download goes through the driver')

  t.match(msg(F.ptt).media, { type: 'audio', mimetype: 'audio/ogg; codecs=opus', ptt: true, fileName: 'A5F1C2D3E4B5A6978802.ogg' })
  t.match(msg(F.audio).media, { type: 'audio', mimetype: 'audio/mpeg', ptt: false, fileName: 'A5F1C2D3E4B5A6978803.mp3' })
  t.match(msg(F.video), { type: 'video', body: 'Veja', media: { type: 'video', mimetype: 'video/mp4', size: 1048576 } })
  t.match(msg(F.document), { type: 'document', body: 'Segue o boleto', media: { type: 'document', mimetype: 'application/pdf', fileName: 'boleto-março.pdf' } })
  t.match(msg(F.sticker), { type: 'sticker', body: '', media: { type: 'sticker', mimetype: 'image/webp', fileName: 'A5F1C2D3E4B5A6978806.webp' } })
  const bare = translateMessage(F.image as WAMessageLike) as InboundMessage
  await t.rejects(bare.media!.download(), /not available/, 'without a driver there is nothing to download')
})

t.test('location and vCard contact', async (t) => {
  const loc = msg(F.location)
  t.match(loc, { type: 'location', body: 'Av. Paulista\nAv. Paulista, 1578 - Bela Vista, São Paulo' })
  t.strictSame(loc.location, { latitude: -23.5614, longitude: -46.6559, name: 'Av. Paulista', address: 'Av. Paulista, 1578 - Bela Vista, São Paulo', url: 'https://maps.google.com/maps?q=-23.5614%2C-46.6559&z=17' })
  const card = msg(F.vcard)
  t.match(card, { type: 'vcard', contacts: [{ displayName: 'João Lima' }] })
  t.match(card.body, /^BEGIN:VCARD[\s\S]*waid=5521912345678/, 'the body is the vCard the conversation view renders')
})

t.test('edit (editedMessage wrapper and direct protocolMessage), revoke and reaction name the target message', async (t) => {
  t.match(translateMessage(F.edit as WAMessageLike), { kind: 'edit', externalId: '3EB0C431C26A1916E1B4', body: 'Olá, preciso de ajuda urgente', fromMe: false })
  t.match(translateMessage(F.editDirect as WAMessageLike), { kind: 'edit', externalId: '3EB0A1F2B3C4D5E6F7A8', body: 'corrigido' })
  const revoke = translateMessage(F.revoke as WAMessageLike)
  t.match(revoke, { kind: 'revoke', externalId: 'A5F1C2D3E4B5A6978802', fromMe: false, chat: { key: F.ids.number } })
  t.match(translateMessage(F.reaction as WAMessageLike), { kind: 'reaction', externalId: 'OUT0000000000000001', emoji: '👍', sender: { number: F.ids.number } })
})

t.test('group message: the chat is the group, the sender the participant (LID resolved through its PN alt)', async (t) => {
  const e = msg(F.group)
  t.strictSame(e.chat, { jid: '120363041234567890@g.us', key: '120363041234567890@g.us', number: '120363041234567890', isGroup: true })
  t.strictSame(e.sender, maria)
  t.equal(e.body, 'bom dia, grupo')
})

t.test('ignored: status broadcast, unsupported content, missing ids', async (t) => {
  t.equal(translateMessage(F.statusBroadcast as WAMessageLike, ctx), undefined, 'status@broadcast')
  t.equal(translateMessage(F.poll as WAMessageLike, ctx), undefined, 'polls are not kept')
  t.equal(translateMessage({ key: { remoteJid: F.ids.PN } }, ctx), undefined)
  t.equal(translateMessage({ key: { remoteJid: '1203@newsletter', id: 'X' }, message: { conversation: 'x' } }, ctx), undefined, 'channels')
  t.equal(translateMessage({ key: { remoteJid: F.ids.PN, id: 'X' }, message: { protocolMessage: { type: 3, key: { id: 'Y' } } } }, ctx), undefined, 'other protocol messages')
})

t.test('LID and phone number of one person resolve to one identity', async (t) => {
  const byPn = msg(F.text)
  const byLidAlt = msg(F.lidWithPnAlt)
  t.equal(byLidAlt.chat.key, byPn.chat.key, 'LID with PN alt: same key as the PN')
  t.equal(byLidAlt.chat.jid, F.ids.PN, 'answers go to the phone-number jid')
  const unknown = msg(F.lidOnly)
  t.strictSame(unknown.chat, { jid: F.ids.LID, key: F.ids.LID, lid: F.ids.LID, name: 'Maria Souza', isGroup: false }, 'LID alone, no mapping: keyed by the LID')
  const mapped = translateMessage(F.lidOnly as WAMessageLike, { pnForLid: (lid) => (lid === F.ids.LID ? '5511987654321:12@s.whatsapp.net' : undefined) }) as InboundMessage
  t.equal(mapped.chat.key, byPn.chat.key, 'LID alone, with the session\'s mapping: same key as the PN')
  t.equal(mapped.chat.number, F.ids.number, 'device part dropped')
})

t.test('messages sent from the phone: fromMe, no sender, no push name on the chat', async (t) => {
  const e = msg(F.fromMePhone)
  t.match(e, { fromMe: true, body: 'respondido pelo celular' })
  t.notOk(e.sender)
  t.notOk(e.chat.name)
})

t.test('call offer becomes a call log; other call states are ignored', async (t) => {
  t.strictSame(translateCall(F.callOffer), {
    kind: 'call', externalId: 'C1A9B2D3E4F5061728394A5B6C7D8E9F', chat: { jid: F.ids.PN, key: F.ids.number, number: F.ids.number, lid: F.ids.LID, isGroup: false },
    fromMe: false, timestamp: '2025-11-24T16:00:20.000Z', isVideo: true,
  })
  t.equal(translateCall(F.callTerminate), undefined)
})

t.test('acks: status of our own messages, 2..5 to 1..4', async (t) => {
  t.strictSame(F.receipts.map((r) => translateReceipt(r)?.ack), [2, 3, 1, 4, undefined, undefined])
  t.match(translateReceipt(F.receipts[0]), { externalId: 'OUT0000000000000001', chatJid: F.ids.PN })
  t.equal(ackOfStatus(0), undefined, 'ERROR is not an ack')
  t.equal(ackOfStatus(1), undefined, 'PENDING is not an ack')
})
