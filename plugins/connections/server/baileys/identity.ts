import type { ChatIdentity, ContactIdentity } from '../driver.ts'

/**
 * WhatsApp addresses (jids) and the two identities of one person: the phone-number jid (`5511...@s.whatsapp.net`)
 * and the LID (`123...@lid`, a privacy id WhatsApp now uses in groups and more and more chats). Pure string work,
 * so the translation layer stays testable without a socket.
 */

/** Finds the phone-number jid of a LID when the session has learnt the pair (a sync cache the driver fills). */
export type PnForLid = (lid: string) => string | undefined

export function splitJid(jid: string | null | undefined): { user: string; server: string } | undefined {
  if (!jid) return undefined
  const at = jid.lastIndexOf('@')
  if (at <= 0) return undefined
  // `user:device@server` and `user_agent:device@server`: the device and agent say which phone/computer, not who.
  const user = jid.slice(0, at).split(':')[0].split('_')[0]
  return user ? { user, server: jid.slice(at + 1) } : undefined
}

/** The jid without its device part. */
export function normalizeJid(jid: string): string {
  const parts = splitJid(jid)
  return parts ? `${parts.user}@${parts.server === 'c.us' ? 's.whatsapp.net' : parts.server}` : jid
}

export const isPnJid = (jid?: string | null) => ['s.whatsapp.net', 'c.us', 'hosted'].includes(splitJid(jid)?.server ?? '')
export const isLidJid = (jid?: string | null) => ['lid', 'hosted.lid'].includes(splitJid(jid)?.server ?? '')
export const isGroupJid = (jid?: string | null) => splitJid(jid)?.server === 'g.us'
export const isStatusJid = (jid?: string | null) => jid === 'status@broadcast'
/** Chats the platform does not serve: statuses, broadcast lists, channels (newsletters). */
export const isIgnoredChat = (jid?: string | null) => !jid || ['broadcast', 'newsletter', 'call', 'bot'].includes(splitJid(jid)?.server ?? '')

/** The phone-number jid of digits. */
export const pnJidOf = (digits: string) => `${digits}@s.whatsapp.net`

/**
 * One identity from a jid, its alternative (Baileys' `remoteJidAlt` / `participantAlt`: the other of PN and LID) and
 * what the session knows of LID-to-PN pairs. The key is the phone number when any source gives it, else the LID.
 */
export function resolveIdentity(jid: string, alt?: string | null, pnForLid?: PnForLid, name?: string | null): ContactIdentity {
  const main = normalizeJid(jid)
  const other = alt ? normalizeJid(alt) : undefined
  const lid = isLidJid(main) ? main : isLidJid(other) ? other : undefined
  let pn = isPnJid(main) ? main : isPnJid(other) ? other : undefined
  if (!pn && lid) {
    const mapped = pnForLid?.(lid)
    if (mapped && isPnJid(mapped)) pn = normalizeJid(mapped)
  }
  const number = pn ? splitJid(pn)!.user : undefined
  const identity: ContactIdentity = { jid: pn ?? lid ?? main, key: number ?? lid ?? main }
  if (number) identity.number = number
  if (lid) identity.lid = lid
  if (name) identity.name = name
  return identity
}

/** The chat of a message: a group (keyed by its jid) or a person. */
export function resolveChat(jid: string, alt?: string | null, pnForLid?: PnForLid, name?: string | null): ChatIdentity {
  if (isGroupJid(jid)) {
    const group = normalizeJid(jid)
    return { jid: group, key: group, number: splitJid(group)!.user, isGroup: true }
  }
  return { ...resolveIdentity(jid, alt, pnForLid, name), isGroup: false }
}
