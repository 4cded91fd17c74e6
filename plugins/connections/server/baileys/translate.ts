import type { Ack, AckEvent, ContactIdentity, InboundCall, InboundEvent, InboundMessage } from '../driver.ts'
import { contentParts, textOf, toNumber, unwrap, type WAContent } from './content.ts'
import { isGroupJid, isIgnoredChat, normalizeJid, resolveChat, resolveIdentity, type PnForLid } from './identity.ts'

/**
 * The translation layer: Baileys' event shapes in, the platform's normalized events out. Pure functions over plain
 * objects (the socket's side effects come in through `TranslateContext`), tested with recorded-shape fixtures.
 */

export interface WAKey {
  remoteJid?: string | null
  remoteJidAlt?: string | null
  fromMe?: boolean | null
  id?: string | null
  participant?: string | null
  participantAlt?: string | null
}

export interface WAMessageLike {
  key: WAKey
  message?: WAContent | null
  messageTimestamp?: unknown
  pushName?: string | null
}

export interface TranslateContext {
  pnForLid?: PnForLid
  /** Makes the `download()` of a media message (the driver closes over its socket). */
  download?: (message: WAMessageLike) => () => Promise<Buffer>
  /** Serializes the content for the message store (Baileys' BufferJSON in the driver). */
  serialize?: (content: WAContent) => string
}

// protocolMessage types (WAProto Message.ProtocolMessage.Type).
const REVOKE = 0
const MESSAGE_EDIT = 14

const isoOf = (seconds: unknown): string => {
  const s = toNumber(seconds)
  return new Date(s ? s * 1000 : Date.now()).toISOString()
}

const noDownload = () => async (): Promise<Buffer> => {
  throw new Error('media download is not available')
}

/** The normalized event of one upserted message, or undefined for what the platform ignores. */
export function translateMessage(msg: WAMessageLike, ctx: TranslateContext = {}): InboundEvent | undefined {
  const { key } = msg
  if (!key?.id || !key.remoteJid || isIgnoredChat(key.remoteJid)) return undefined
  const group = isGroupJid(key.remoteJid)
  const fromMe = Boolean(key.fromMe)
  // The push name is the sender's: in a 1:1 chat it names the chat only when the contact wrote.
  const chat = resolveChat(key.remoteJid, key.remoteJidAlt, ctx.pnForLid, !group && !fromMe ? msg.pushName : undefined)
  const base = { externalId: key.id, chat, fromMe, timestamp: isoOf(msg.messageTimestamp) }
  let sender: ContactIdentity | undefined
  if (!fromMe) {
    sender = group && key.participant
      ? resolveIdentity(key.participant, key.participantAlt, ctx.pnForLid, msg.pushName)
      : (({ isGroup: _, ...who }) => who)(chat)
  }
  const content = unwrap(msg.message)
  if (!content) return undefined

  const protocol = content.protocolMessage as WAContent | undefined
  if (protocol) {
    const target = protocol.key?.id as string | undefined
    if (!target) return undefined
    const type = Number(protocol.type ?? -1)
    // The inner key is seen from the author's side; `fromMe` stays the outer one: whether WE revoked or edited.
    if (type === REVOKE) return { ...base, kind: 'revoke', externalId: target }
    if (type === MESSAGE_EDIT) return { ...base, kind: 'edit', externalId: target, body: textOf(unwrap(protocol.editedMessage)) }
    return undefined
  }

  const reaction = content.reactionMessage as WAContent | undefined
  if (reaction) {
    const target = reaction.key?.id as string | undefined
    if (!target) return undefined
    return { ...base, kind: 'reaction', externalId: target, emoji: String(reaction.text ?? ''), ...(sender ? { sender } : {}) }
  }

  const parts = contentParts(content, key.id)
  if (!parts) return undefined
  const event: InboundMessage = { ...base, kind: 'message', type: parts.type, body: parts.body }
  if (sender) event.sender = sender
  if (parts.quotedId) event.quotedId = parts.quotedId
  if (parts.location) event.location = parts.location
  if (parts.contacts) event.contacts = parts.contacts
  if (parts.media) event.media = { ...parts.media, download: (ctx.download ?? noDownload)(msg) }
  if (ctx.serialize && msg.message) event.raw = ctx.serialize(msg.message)
  return event
}

export interface WACallLike {
  id: string
  from: string
  chatId?: string
  callerPn?: string
  isGroup?: boolean
  isVideo?: boolean
  date?: Date | string
  status: string
}

/** A call offer becomes a call_log event; the other call states (ringing, accept, terminate) are not kept. */
export function translateCall(call: WACallLike, ctx: TranslateContext = {}): InboundCall | undefined {
  if (call.status !== 'offer' || !call.id || !call.from || isIgnoredChat(call.from)) return undefined
  const who = resolveIdentity(call.from, call.callerPn, ctx.pnForLid)
  const date = call.date ? new Date(call.date) : new Date()
  return {
    kind: 'call', externalId: call.id, chat: { ...who, isGroup: Boolean(call.isGroup) }, fromMe: false,
    timestamp: (Number.isNaN(date.getTime()) ? new Date() : date).toISOString(), isVideo: Boolean(call.isVideo),
  }
}

/** Baileys message status (WebMessageInfo.Status: 2 server, 3 delivered, 4 read, 5 played) to the platform's ack. */
export function ackOfStatus(status: unknown): Ack | undefined {
  const s = toNumber(status)
  if (s === undefined || s < 2 || s > 5) return undefined
  return (s - 1) as Ack
}

export interface WAUpdateLike {
  key: WAKey
  update: { status?: unknown }
}

/** The ack of a `messages.update` item: only our own messages' status changes are acks. */
export function translateReceipt(item: WAUpdateLike): AckEvent | undefined {
  if (!item.key?.id || !item.key.remoteJid || !item.key.fromMe) return undefined
  const ack = ackOfStatus(item.update?.status)
  return ack ? { externalId: item.key.id, chatJid: normalizeJid(item.key.remoteJid), ack } : undefined
}
