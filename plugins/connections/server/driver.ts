/**
 * The channel-driver contract: what a messaging channel (Baileys, the sandbox, a third party's) must offer the
 * platform, and the normalized events it reports. Nothing here knows WhatsApp's wire shapes: drivers translate.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'

/** The spec's session statuses. qrcode waits for a scan; PAIRING finishes a fresh scan; TIMEOUT waits to retry. */
export type SessionStatus = 'qrcode' | 'PAIRING' | 'OPENING' | 'CONNECTED' | 'TIMEOUT' | 'DISCONNECTED'
export const SESSION_STATUSES: readonly SessionStatus[] = ['qrcode', 'PAIRING', 'OPENING', 'CONNECTED', 'TIMEOUT', 'DISCONNECTED']

/**
 * Who a message is from or to. A WhatsApp user may show up by phone number (PN) or by LID (the privacy id); when the
 * driver knows both they come together, so the tickets plugin finds ONE contact by either.
 */
export interface ContactIdentity {
  /** The jid to answer to (`5511...@s.whatsapp.net`, `123...@lid`, `1203...@g.us`). */
  jid: string
  /** Phone number digits when known (the contact's `number`). */
  number?: string
  /** The LID jid (`123...@lid`) when known. */
  lid?: string
  /** Stable key of the identity: `number` when known, else the LID. Two events of one person share it. */
  key: string
  /** The name the sender chose (push name), when the channel tells it. */
  name?: string
}

export interface ChatIdentity extends ContactIdentity {
  isGroup: boolean
}

export type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker'

export interface InboundMedia {
  type: MediaKind
  mimetype: string
  fileName?: string
  /** Voice note (push-to-talk) rather than an audio file. */
  ptt?: boolean
  size?: number
  /** Fetches the bytes. Only works on the instance that received the event (it closes over the live session). */
  download(): Promise<Buffer>
}

export interface LocationInfo {
  latitude: number
  longitude: number
  name?: string
  address?: string
  url?: string
}

export interface ContactCard {
  displayName: string
  vcard: string
}

/** Fields every event about one message carries. */
interface MessageRefFields {
  /** The channel's message id (dedup key with company and connection). */
  externalId: string
  chat: ChatIdentity
  fromMe: boolean
  /** ISO time the channel stamped. */
  timestamp: string
}

export interface InboundMessage extends MessageRefFields {
  kind: 'message'
  /** Who wrote it: the chat's contact, or the participant in a group (absent when fromMe). */
  sender?: ContactIdentity
  /** 'text' | a media kind | 'location' | 'vcard'. */
  type: 'text' | MediaKind | 'location' | 'vcard'
  /** Text, or the caption of media. */
  body: string
  media?: InboundMedia
  quotedId?: string
  location?: LocationInfo
  contacts?: ContactCard[]
  /** The channel's own serialized message, for the store that answers the driver's `getMessage`. */
  raw?: string
}

export interface InboundEdit extends MessageRefFields {
  kind: 'edit'
  /** The new text. */
  body: string
}

export interface InboundRevoke extends MessageRefFields {
  kind: 'revoke'
}

export interface InboundReaction extends MessageRefFields {
  kind: 'reaction'
  sender?: ContactIdentity
  /** The emoji; empty when the reaction was removed. */
  emoji: string
}

/** A call offer: stored as a call_log message. `externalId` is the call id. */
export interface InboundCall extends MessageRefFields {
  kind: 'call'
  isVideo: boolean
}

export type InboundEvent = InboundMessage | InboundEdit | InboundRevoke | InboundReaction | InboundCall

/** 1 sent (server has it), 2 delivered, 3 read, 4 played (voice/video), 5 reserved for "read" by channels that count more steps. */
export type Ack = 1 | 2 | 3 | 4 | 5

export interface AckEvent {
  externalId: string
  chatJid: string
  ack: Ack
}

export interface QuotedRef {
  externalId: string
  fromMe: boolean
  /** Author in a group. */
  participant?: string
  /** Text of the quoted message, so the reply shows a preview even if the channel lacks the original. */
  body?: string
}

export interface OutboundMedia {
  type: Exclude<MediaKind, 'sticker'>
  data: Buffer
  mimetype: string
  fileName?: string
  /** Send audio as a voice note. */
  ptt?: boolean
}

export interface OutboundMessage {
  /** A jid or phone digits. */
  to: string
  /**
   * The channel message id to send under, chosen by a sender that must never send twice (campaigns): after a crash
   * it asks `wasSent` for it, and a resend under the same id is one message to WhatsApp (recipients drop repeated
   * ids). Absent: the driver picks one.
   */
  id?: string
  body?: string
  media?: OutboundMedia
  location?: LocationInfo
  quoted?: QuotedRef
}

export interface SentMessage {
  externalId: string
  timestamp: string
  ack: Ack | 0
  raw?: string
}

export interface MessageRef {
  externalId: string
  chatJid: string
  fromMe?: boolean
  participant?: string
}

/** How a session ended, so the manager knows what to do next. */
export type CloseReason =
  /** Network or server trouble: retry with backoff. */
  | 'lost'
  /** The channel asks for a fresh socket now (e.g. right after pairing). */
  | 'restart'
  /** The phone unlinked us: forget the pairing, no retries. */
  | 'loggedOut'
  /** Nothing to retry (QR codes expired unscanned): wait for a user's "try again". */
  | 'gaveUp'

/**
 * Why a session is down, for the people looking at the connection: the network (or WhatsApp's servers) cannot be
 * reached, the phone unlinked us, another client took the account, WhatsApp refused it (banned), the QR codes
 * expired unscanned, or WhatsApp's side failed.
 */
export type DisconnectCause = 'network' | 'loggedOut' | 'replaced' | 'banned' | 'qrExpired' | 'serverError' | 'unknown'

/** What the platform gives a running session: its identity and the callbacks it reports through. */
export interface SessionHost {
  readonly app: FastifyInstance
  readonly companyId: number
  readonly whatsappId: number
  readonly log: FastifyBaseLogger
  /** Status changes; `qrcode` is '' when none. `number` is the paired phone, once known. */
  status(update: { status: SessionStatus; qrcode?: string; number?: string }): void
  inbound(event: InboundEvent): void
  ack(event: AckEvent): void
  /** The session is over; the manager retries, restarts or stops depending on the reason; `cause` is shown to users. */
  closed(reason: CloseReason, detail?: string, cause?: DisconnectCause): void
  /** The stored message (as `raw` was given) for channels that must re-send or decrypt retries. */
  getMessage(ref: MessageRef): Promise<string | undefined>
}

/** One live connection of a driver. A new one is created for every (re)start attempt. */
export interface ChannelSession {
  start(): Promise<void>
  /** Closes the connection, keeping the pairing (shutdown, lease lost, before a retry). */
  stop(): Promise<void>
  /** Unlinks the device at the channel (best effort); the manager wipes the auth state afterwards. */
  logout(): Promise<void>
  send(message: OutboundMessage): Promise<SentMessage>
  /**
   * Whether a message sent under `id` (OutboundMessage.id) to `to` left this connection: true or false when the
   * driver knows, absent when it cannot tell (then a sender resends under the same id).
   */
  wasSent?(to: string, id: string): Promise<boolean>
  /** Marks messages as read at the channel. Called on demand only, never because a message arrived. */
  markRead(refs: MessageRef[]): Promise<void>
  /**
   * Deletes a message the platform sent, for everyone in the chat ("revoke"). Optional: a driver without it
   * answers ERR_DELETE_WAPP_MSG, as does a channel that refuses (too old, unknown message).
   */
  revoke?(ref: MessageRef): Promise<void>
  profilePicture(jid: string): Promise<string | null>
  /** The jid to use for a number; throws AppError ERR_WAPP_INVALID_CONTACT when the channel has no such user. */
  checkNumber(number: string): Promise<{ jid: string; number: string }>
  /** A driver's own actions (the sandbox's message injection), carried to the instance that runs the session. */
  command?(name: string, args: unknown): Promise<unknown>
}

export interface ChannelDriver {
  /** The `provider` value of connections it runs ('beta' for Baileys, 'sandbox'). */
  provider: string
  /** Human label for the connection form. */
  label: string
  createSession(host: SessionHost): ChannelSession
  /** Forgets the pairing of a connection (auth state), for "new QR" and after a logout. */
  resetAuth?(app: FastifyInstance, companyId: number, whatsappId: number): Promise<void>
}
