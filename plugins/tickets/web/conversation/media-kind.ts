/**
 * How a message is drawn, from its mediaType. WhatsApp and the drivers use several names for the same thing
 * (document/application, location/locationMessage, ptt/audio), so they are folded here, in one tested place.
 */
export type MediaKind = 'text' | 'image' | 'audio' | 'video' | 'document' | 'location' | 'vcard' | 'call'

const KINDS: Record<string, MediaKind> = {
  image: 'image', sticker: 'image', imageMessage: 'image', stickerMessage: 'image',
  audio: 'audio', ptt: 'audio', audioMessage: 'audio',
  video: 'video', videoMessage: 'video',
  application: 'document', document: 'document', documentMessage: 'document', file: 'document',
  location: 'location', locationMessage: 'location', liveLocationMessage: 'location',
  vcard: 'vcard', contactMessage: 'vcard', contactsArrayMessage: 'vcard',
  call_log: 'call',
}

export function mediaKind(m: { mediaType: string | null | undefined; mediaUrl?: string | null }): MediaKind {
  const kind = KINDS[m.mediaType ?? '']
  if (kind) return kind
  // An unknown type with a file is still offered as a download rather than hidden.
  return m.mediaUrl ? 'document' : 'text'
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  mp3: 'audio/mpeg', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', m4a: 'audio/mp4', webm: 'video/webm',
  mp4: 'video/mp4', pdf: 'application/pdf',
}

/** The type a player needs when the server sent a file as octet-stream (types its storage does not map). */
export function mimeFromName(name: string | null | undefined): string | null {
  const ext = /\.([a-z0-9]+)(?:$|\?)/i.exec(name ?? '')?.[1]?.toLowerCase()
  return ext ? MIME_BY_EXT[ext] ?? null : null
}

/** The name a downloaded file gets: the original one when known, else the last part of its URL. */
export function fileNameOf(m: { mediaName?: string | null; mediaUrl?: string | null; body?: string | null }): string {
  if (m.mediaName) return m.mediaName
  const last = (m.mediaUrl ?? '').split('/').pop() ?? ''
  return decodeURIComponent(last.split('?')[0]) || 'arquivo'
}
