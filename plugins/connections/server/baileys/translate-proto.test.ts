import t from 'tap'
import * as F from './fixtures/messages.ts'
import { translateMessage, type WAMessageLike } from './translate.ts'

/**
 * The same fixtures as real protobuf objects (what a live socket emits after decoding): unset fields are null on
 * the prototype and 64-bit numbers are Long, which the plain-object fixtures alone would not catch.
 */
t.test('decoded protobuf messages translate like their plain shapes', async (t) => {
  const { proto } = await import('@whiskeysockets/baileys')
  const decode = (m: { key: object; message: object; messageTimestamp?: unknown; pushName?: string }) => {
    const info = proto.WebMessageInfo.fromObject({ key: m.key, message: m.message, messageTimestamp: m.messageTimestamp, pushName: m.pushName })
    return proto.WebMessageInfo.decode(proto.WebMessageInfo.encode(info).finish()) as unknown as WAMessageLike
  }
  for (const name of ['text', 'extendedText', 'image', 'ptt', 'video', 'document', 'sticker', 'location', 'vcard', 'edit', 'revoke', 'reaction', 'group'] as const) {
    const plain = translateMessage(F[name] as WAMessageLike)
    const decoded = translateMessage(decode(F[name] as never))
    const strip = (e: unknown) => JSON.parse(JSON.stringify(e, (k, v) => (k === 'download' || k === 'chat' || k === 'sender' ? undefined : v)))
    t.strictSame(strip(decoded), strip(plain), `${name}: same normalized event`)
    t.equal((decoded as { chat?: { key?: string } })?.chat?.key, (plain as { chat?: { key?: string } })?.chat?.key, `${name}: same chat`)
  }
  t.equal(translateMessage(decode(F.poll as never)), undefined, 'a decoded poll is still ignored (null text fields are not text)')
})
