import type { FastifyInstance } from 'fastify'
import type { InboundMessage, MediaKind } from '@zapdesk/connections/public'

/** What a normalized inbound message becomes in the `messages` row and on its ticket. */
export interface MessageContent {
  body: string
  mediaType: string
  mediaPath: string | null
  mediaName: string | null
  mediaMimetype: string | null
  /** The ticket's lastMessage. */
  preview: string
  /** Text for the ticket's search index ('' when there is nothing to index). */
  searchText: string
}

/** The spec's media types. A sticker is a (webp) image: the spec has no type of its own for it. */
const MEDIA_TYPES: Record<MediaKind, string> = { image: 'image', audio: 'audio', video: 'video', document: 'application', sticker: 'image' }

/** Extensions for media without a file name: the media route picks the content type by extension. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a', 'video/mp4': 'mp4', 'application/pdf': 'pdf', 'text/plain': 'txt',
}
const storedName = (fileName: string | undefined, mimetype: string) => fileName ?? `media.${EXTENSIONS[mimetype.split(';')[0].trim().toLowerCase()] ?? 'bin'}`

/** Said in the body when the bytes could not be fetched: the message is kept, the agent knows why there is no file. */
export const DOWNLOAD_FAILED_NOTE = '[mídia indisponível: falha ao baixar]'

/** TEXT columns hold 65,535 bytes on MariaDB; a longer body would make the insert fail and lose the message. */
const MAX_TEXT_BYTES = 65_000

export function fitText(text: string, maxBytes = MAX_TEXT_BYTES): string {
  if (Buffer.byteLength(text) <= maxBytes) return text
  let cut = Buffer.from(text).subarray(0, maxBytes).toString('utf8')
  // A multi-byte character split at the cut decodes as U+FFFD: drop it.
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1)
  return cut
}

/** The spec's location body: 'image|link|description' (the channel gives no thumbnail here, so image is empty). */
function locationContent(event: InboundMessage): MessageContent {
  const loc = event.location ?? { latitude: 0, longitude: 0 }
  const link = loc.url ?? `https://maps.google.com/maps?q=${loc.latitude}%2C${loc.longitude}&z=17`
  const description = [loc.name, loc.address].filter(Boolean).join(' - ') || event.body || `${loc.latitude}, ${loc.longitude}`
  const clean = (s: string) => s.replace(/\|/g, ' ')
  const body = `|${clean(link)}|${clean(description)}`
  return { body: fitText(body), mediaType: 'locationMessage', mediaPath: null, mediaName: null, mediaMimetype: null, preview: description, searchText: description }
}

function vcardContent(event: InboundMessage): MessageContent {
  const cards = event.contacts ?? []
  const body = cards.map((c) => c.vcard).join('\n') || event.body
  const names = cards.map((c) => c.displayName).filter(Boolean).join(', ')
  return { body: fitText(body), mediaType: 'vcard', mediaPath: null, mediaName: null, mediaMimetype: null, preview: names || 'vCard', searchText: names }
}

/**
 * Maps the event to the row's content. Media bytes are fetched and saved to the company's storage here, before any
 * transaction opens (a download may take seconds); a failed download keeps the message with a note and no file.
 */
export async function contentOf(app: FastifyInstance, companyId: number, event: InboundMessage): Promise<MessageContent> {
  if (event.type === 'location') return locationContent(event)
  if (event.type === 'vcard') return vcardContent(event)
  const text = fitText(event.body ?? '')
  const media = event.media
  if (!media) return { body: text, mediaType: 'chat', mediaPath: null, mediaName: null, mediaMimetype: null, preview: text, searchText: text }

  const mediaName = media.fileName?.slice(0, 255) ?? null
  const mediaType = MEDIA_TYPES[media.type] ?? 'application'
  // Documents show their name where other media show a caption.
  const body = text || (media.type === 'document' ? (mediaName ?? '') : '')
  const base = { mediaType, mediaName, mediaMimetype: media.mimetype.slice(0, 120), preview: body || mediaName || mediaType, searchText: text }
  try {
    const data = await media.download()
    const mediaPath = await app.storage.save(companyId, data, storedName(media.fileName, media.mimetype))
    return { ...base, body, mediaPath }
  } catch (err) {
    app.log.warn({ err, companyId, externalId: event.externalId }, 'inbound media download failed; message kept without its file')
    return { ...base, body: body ? `${body}\n${DOWNLOAD_FAILED_NOTE}` : DOWNLOAD_FAILED_NOTE, mediaPath: null }
  }
}
