import type { ContactCard, LocationInfo, MediaKind } from '../driver.ts'

/**
 * Reads the content of a WhatsApp message (the protobuf `Message` as Baileys hands it over, plain objects) into
 * the parts the platform keeps. Pure: the recorded-shape tests feed it objects, no socket involved.
 */

// Plain-object view of the protobuf fields we read; everything optional, as on the wire.
export type WAContent = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** Containers that only wrap the real message (disappearing, view once, document with caption, edited). */
const WRAPPERS = ['ephemeralMessage', 'viewOnceMessage', 'viewOnceMessageV2', 'viewOnceMessageV2Extension', 'documentWithCaptionMessage', 'editedMessage', 'associatedChildMessage']

export function unwrap(content: WAContent | null | undefined): WAContent | undefined {
  let current = content ?? undefined
  for (let i = 0; i < 5 && current; i++) {
    const wrapper = WRAPPERS.find((w) => current![w]?.message)
    if (!wrapper) break
    current = current[wrapper].message as WAContent
  }
  return current
}

const MEDIA: Record<string, { kind: MediaKind; mimetype: string }> = {
  imageMessage: { kind: 'image', mimetype: 'image/jpeg' },
  audioMessage: { kind: 'audio', mimetype: 'audio/ogg; codecs=opus' },
  videoMessage: { kind: 'video', mimetype: 'video/mp4' },
  documentMessage: { kind: 'document', mimetype: 'application/octet-stream' },
  stickerMessage: { kind: 'sticker', mimetype: 'image/webp' },
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a', 'audio/aac': 'aac', 'video/mp4': 'mp4', 'video/3gpp': '3gp', 'application/pdf': 'pdf',
}

/** A file extension for a mimetype (parameters ignored), 'bin' when unknown. */
export function extensionOf(mimetype: string): string {
  return EXTENSIONS[mimetype.split(';')[0].trim().toLowerCase()] ?? 'bin'
}

export interface ContentParts {
  type: 'text' | MediaKind | 'location' | 'vcard'
  body: string
  quotedId?: string
  media?: { type: MediaKind; mimetype: string; fileName?: string; ptt?: boolean; size?: number }
  location?: LocationInfo
  contacts?: ContactCard[]
}

/** The text of a message: plain, extended, a media caption or the chosen option of a button/list reply. */
export function textOf(c: WAContent | undefined): string {
  if (!c) return ''
  return c.conversation ?? c.extendedTextMessage?.text ?? c.imageMessage?.caption ?? c.videoMessage?.caption ??
    c.documentMessage?.caption ?? c.buttonsResponseMessage?.selectedDisplayText ?? c.listResponseMessage?.title ??
    c.templateButtonReplyMessage?.selectedDisplayText ?? ''
}

const toNumber = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v
  if (typeof v === 'string' && v !== '') return Number(v)
  if (v && typeof v === 'object' && 'low' in v) return Number((v as { low: number }).low) + Number((v as { high?: number }).high ?? 0) * 2 ** 32
  return undefined
}

/** The first contextInfo of the content: it says which message this one quotes. */
function quotedIdOf(c: WAContent): string | undefined {
  for (const value of Object.values(c)) {
    const id = (value as WAContent | null)?.contextInfo?.stanzaId
    if (typeof id === 'string' && id) return id
  }
  return undefined
}

function locationOf(l: WAContent): LocationInfo {
  const latitude = Number(l.degreesLatitude ?? 0)
  const longitude = Number(l.degreesLongitude ?? 0)
  const out: LocationInfo = { latitude, longitude, url: l.url || `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17` }
  if (l.name) out.name = String(l.name)
  if (l.address) out.address = String(l.address)
  return out
}

/** The parts of a (unwrapped) content, or undefined for kinds the platform does not keep (polls, protocol, ...). */
export function contentParts(c: WAContent | undefined, externalId: string): ContentParts | undefined {
  if (!c) return undefined
  const quotedId = quotedIdOf(c)
  const withQuote = (parts: ContentParts): ContentParts => (quotedId ? { ...parts, quotedId } : parts)
  for (const [field, { kind, mimetype }] of Object.entries(MEDIA)) {
    const m = c[field] as WAContent | undefined
    if (!m) continue
    const type = String(m.mimetype || mimetype)
    const media: ContentParts['media'] = { type: kind, mimetype: type, fileName: m.fileName || `${externalId}.${extensionOf(type)}` }
    if (kind === 'audio') media.ptt = Boolean(m.ptt)
    const size = toNumber(m.fileLength)
    if (size !== undefined) media.size = size
    return withQuote({ type: kind, body: textOf(c), media })
  }
  const location = c.locationMessage ?? c.liveLocationMessage
  if (location) {
    const info = locationOf(location)
    return withQuote({ type: 'location', body: [info.name, info.address].filter(Boolean).join('\n'), location: info })
  }
  const cards: ContactCard[] = c.contactMessage ? [c.contactMessage] : (c.contactsArrayMessage?.contacts ?? [])
  if (cards.length) {
    const contacts = cards.map((k: WAContent) => ({ displayName: String(k.displayName ?? ''), vcard: String(k.vcard ?? '') }))
    // The body carries the vCard text itself: the conversation view renders a contact card from it.
    return withQuote({ type: 'vcard', body: contacts.map((k) => k.vcard).join('\n'), contacts })
  }
  const text = textOf(c)
  if (typeof c.conversation === 'string' || c.extendedTextMessage || text) return withQuote({ type: 'text', body: text })
  return undefined
}

export { toNumber }
