import { AppError, Type, type Static } from '@zapdesk/plugin-api'
import type { InboundEvent, InboundMessage, MediaKind } from '../driver.ts'
import { extensionOf } from '../baileys/content.ts'

/** What the sandbox API takes to simulate a message arriving (or an edit, a deletion, a reaction, a call). */
export const InjectBody = Type.Object({
  from: Type.String({ pattern: '^\\+?\\d{10,15}$', description: 'Sender number, 10 to 15 digits' }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  body: Type.Optional(Type.String({ maxLength: 10_000 })),
  id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'External message id; a repeated id is a redelivery' })),
  mediaType: Type.Optional(Type.Union(['image', 'audio', 'ptt', 'video', 'document', 'sticker', 'location', 'vcard'].map((t) => Type.Literal(t)))),
  mediaBase64: Type.Optional(Type.String({ maxLength: 1_500_000, pattern: '^[A-Za-z0-9+/=\\s]*$' })),
  fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  mimetype: Type.Optional(Type.String({ pattern: '^[\\w.+-]+/[\\w.+-]+', maxLength: 120 })),
  quotedId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
  fromMe: Type.Optional(Type.Boolean()),
  latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  action: Type.Optional(Type.Union(['message', 'edit', 'revoke', 'reaction', 'call'].map((t) => Type.Literal(t)), { description: 'Default message; the others act on `targetId`' })),
  targetId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
  emoji: Type.Optional(Type.String({ maxLength: 16 })),
})
export type InjectPayload = Static<typeof InjectBody>

const DEFAULT_MIME: Record<MediaKind, string> = {
  image: 'image/jpeg', audio: 'audio/mpeg', video: 'video/mp4', document: 'application/octet-stream', sticker: 'image/webp',
}
const BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', mp3: 'audio/mpeg', ogg: 'audio/ogg; codecs=opus', mp4: 'video/mp4', pdf: 'application/pdf', txt: 'text/plain' }

function mimetypeOf(kind: MediaKind, fileName?: string, given?: string): string {
  if (given) return given
  const ext = fileName?.split('.').pop()?.toLowerCase()
  return (ext && BY_EXTENSION[ext]) || DEFAULT_MIME[kind]
}

/** The normalized event of an injected payload, exactly as a real driver would have emitted it. */
export function injectedEvent(p: InjectPayload, newId: () => string): InboundEvent {
  const number = p.from.replace(/\D/g, '')
  const jid = `${number}@s.whatsapp.net`
  const who = { jid, number, key: number, ...(p.name && !p.fromMe ? { name: p.name } : {}) }
  const fromMe = Boolean(p.fromMe)
  const base = { externalId: p.id ?? newId(), chat: { ...who, isGroup: false }, fromMe, timestamp: new Date().toISOString() }
  const action = p.action ?? 'message'
  if (action !== 'message' && action !== 'call') {
    // Edits, deletions and reactions point at an earlier message: without `targetId` there is nothing to act on.
    const target = p.targetId ?? p.quotedId
    if (!target) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/targetId', message: 'required for this action' }])
    if (action === 'edit') return { ...base, kind: 'edit', externalId: target, body: p.body ?? '' }
    if (action === 'revoke') return { ...base, kind: 'revoke', externalId: target }
    return { ...base, kind: 'reaction', externalId: target, emoji: p.emoji ?? '', ...(fromMe ? {} : { sender: who }) }
  }
  if (action === 'call') return { ...base, kind: 'call', isVideo: p.mediaType === 'video' }

  const event: InboundMessage = { ...base, kind: 'message', type: 'text', body: p.body ?? '' }
  if (!fromMe) event.sender = who
  if (p.quotedId) event.quotedId = p.quotedId
  if (p.mediaType === 'location') {
    event.type = 'location'
    const latitude = p.latitude ?? 0
    const longitude = p.longitude ?? 0
    event.location = { latitude, longitude, url: `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17`, ...(p.body ? { name: p.body } : {}) }
  } else if (p.mediaType === 'vcard') {
    event.type = 'vcard'
    const vcard = p.body ?? `BEGIN:VCARD\nVERSION:3.0\nFN:${p.name ?? number}\nTEL;type=CELL;waid=${number}:+${number}\nEND:VCARD`
    event.body = vcard
    event.contacts = [{ displayName: /FN:(.*)/.exec(vcard)?.[1]?.trim() ?? '', vcard }]
  } else if (p.mediaType) {
    const kind = (p.mediaType === 'ptt' ? 'audio' : p.mediaType) as MediaKind
    const data = p.mediaBase64 ? Buffer.from(p.mediaBase64, 'base64') : Buffer.from(`sandbox ${kind}`)
    const mimetype = mimetypeOf(kind, p.fileName, p.mimetype ?? (p.mediaType === 'ptt' ? 'audio/ogg; codecs=opus' : undefined))
    event.type = kind
    event.media = {
      type: kind, mimetype, fileName: p.fileName ?? `${base.externalId}.${extensionOf(mimetype)}`, size: data.length,
      ...(kind === 'audio' ? { ptt: p.mediaType === 'ptt' } : {}),
      download: async () => Buffer.from(data),
    }
  }
  return event
}
