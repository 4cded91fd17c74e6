import type { OutboundMessage } from '../driver.ts'
import { isGroupJid, isLidJid, isPnJid, normalizeJid, pnJidOf } from './identity.ts'

/**
 * The platform's outbound message to what Baileys' `sendMessage(jid, content, options)` takes. Pure, so the
 * shapes are tested without a socket.
 */

export interface BaileysSend {
  jid: string
  content: Record<string, unknown>
  options: { quoted?: { key: Record<string, unknown>; message: Record<string, unknown> }; messageId?: string }
}

/** The jid to send to: a jid as given (without device), or phone digits as a phone-number jid. */
export function targetJid(to: string): string {
  const trimmed = to.trim()
  if (trimmed.includes('@')) return normalizeJid(trimmed)
  const digits = trimmed.replace(/\D/g, '')
  if (!digits) throw new Error('no recipient')
  return pnJidOf(digits)
}

export const isSendableJid = (jid: string) => isPnJid(jid) || isLidJid(jid) || isGroupJid(jid)

export function toBaileys(message: OutboundMessage): BaileysSend {
  const jid = targetJid(message.to)
  let content: Record<string, unknown>
  const caption = message.body || undefined
  if (message.media) {
    const { type, data, mimetype, fileName, ptt } = message.media
    if (type === 'image') content = { image: data, mimetype, caption }
    else if (type === 'video') content = { video: data, mimetype, caption }
    else if (type === 'audio') content = { audio: data, mimetype, ptt: Boolean(ptt) }
    else content = { document: data, mimetype, fileName: fileName || 'file', caption }
  } else if (message.location) {
    const l = message.location
    content = { location: { degreesLatitude: l.latitude, degreesLongitude: l.longitude, name: l.name, address: l.address } }
  } else {
    if (!message.body) throw new Error('empty message')
    content = { text: message.body }
  }
  const options: BaileysSend['options'] = message.id ? { messageId: message.id } : {}
  if (message.quoted) {
    // Baileys builds the reply preview from the quoted message itself; the platform keeps only id and text.
    const q = message.quoted
    options.quoted = {
      key: { remoteJid: jid, id: q.externalId, fromMe: q.fromMe, ...(q.participant ? { participant: q.participant } : {}) },
      message: { conversation: q.body ?? '' },
    }
  }
  return { jid, content, options }
}
