import type { FastifyInstance } from 'fastify'
import { Type, toIso, type Static } from '@zapdesk/plugin-api'
import { Message } from '../models.ts'

const NullableString = Type.Union([Type.String(), Type.Null()])
const NullableInteger = Type.Union([Type.Integer(), Type.Null()])

const messageFields = {
  id: Type.Integer(),
  ticketId: Type.Integer(),
  body: Type.String(),
  fromMe: Type.Boolean(),
  read: Type.Boolean(),
  mediaType: Type.String(),
  /** '/api/media/<mediaPath>' (company-checked by the storage route) or null. */
  mediaUrl: NullableString,
  mediaName: NullableString,
  ack: Type.Integer(),
  isDeleted: Type.Boolean(),
  isEdited: Type.Boolean(),
  participant: NullableString,
  userId: NullableInteger,
  /** Outbound only: queued, sending, sent or failed; null for inbound messages. */
  sendStatus: NullableString,
  /** The error code of a failed send (ERR_SENDING_WAPP_MSG, ERR_WAPP_NOT_INITIALIZED, ...). */
  sendError: NullableString,
  contact: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), profilePicUrl: NullableString }), Type.Null()]),
  createdAt: NullableString,
  updatedAt: NullableString,
}

/** The quoted message: the same shape without its own quotedMsg (one level deep). */
export const QuotedMessageDto = Type.Object(messageFields)
export const MessageDto = Type.Object({ ...messageFields, quotedMsg: Type.Union([QuotedMessageDto, Type.Null()]) })
export type MessageJson = Static<typeof MessageDto>
type QuotedJson = Static<typeof QuotedMessageDto>
export type ContactRow = { id: number; name: string; profilePicUrl: string | null }

/**
 * The message fields the JSON is made of: a Message model, or a plain row (flags as 0/1, dates as the driver
 * returns them) read with MESSAGE_COLUMNS, which leaves out the channel's raw payload.
 */
export interface MessageRow {
  id: number
  ticketId: number
  contactId: number | null
  body: string
  fromMe: unknown
  read: unknown
  mediaType: string
  mediaPath: string | null
  mediaName: string | null
  quotedMsgId: number | null
  ack: number | string
  isDeleted: unknown
  isEdited: unknown
  participant: string | null
  userId: number | null
  sendStatus: string | null
  sendError: string | null
  createdAt?: unknown
  updatedAt?: unknown
}

export const MESSAGE_COLUMNS: ReadonlyArray<keyof MessageRow> = ['id', 'ticketId', 'contactId', 'body', 'fromMe', 'read', 'mediaType', 'mediaPath', 'mediaName',
  'quotedMsgId', 'ack', 'isDeleted', 'isEdited', 'participant', 'userId', 'sendStatus', 'sendError', 'createdAt', 'updatedAt']

function quotedJson(m: MessageRow, contacts: Map<number, ContactRow>): QuotedJson {
  const contact = m.contactId !== null ? contacts.get(m.contactId) : undefined
  return {
    id: m.id, ticketId: m.ticketId, body: m.body, fromMe: Boolean(m.fromMe), read: Boolean(m.read), mediaType: m.mediaType,
    mediaUrl: m.mediaPath ? `/api/media/${m.mediaPath}` : null, mediaName: m.mediaName ?? null, ack: Number(m.ack),
    isDeleted: Boolean(m.isDeleted), isEdited: Boolean(m.isEdited), participant: m.participant ?? null, userId: m.userId ?? null,
    sendStatus: m.sendStatus ?? null, sendError: m.sendError ?? null,
    contact: contact ? { id: contact.id, name: contact.name, profilePicUrl: contact.profilePicUrl ?? null } : null,
    createdAt: toIso(m.createdAt), updatedAt: toIso(m.updatedAt),
  }
}

/**
 * Messages of one company as JSON, in the given order, with their quoted messages and contacts read in two batched
 * queries (a page of 20 costs three queries, not 60); contacts the caller already holds (`knownContacts`, of the
 * same company) are not read again; the rest come from `app.contacts.byIds`.
 */
export async function serializeMessages(app: FastifyInstance, companyId: number, rows: MessageRow[], knownContacts: ContactRow[] = []): Promise<MessageJson[]> {
  const quotedIds = [...new Set(rows.map((m) => m.quotedMsgId).filter((id): id is number => id !== null))]
  const quoted: MessageRow[] = quotedIds.length ? await app.knex('messages').where({ companyId }).whereIn('id', quotedIds).select(...MESSAGE_COLUMNS) : []
  const byId = new Map(quoted.map((q) => [Number(q.id), q]))
  const contacts = new Map(knownContacts.map((c) => [c.id, c]))
  const contactIds = [...new Set([...rows, ...quoted].map((m) => m.contactId).filter((id): id is number => id !== null && !contacts.has(id)))]
  for (const c of (await app.contacts.byIds(companyId, contactIds)).values()) contacts.set(c.id, c)
  return rows.map((m) => {
    const q = m.quotedMsgId !== null ? byId.get(Number(m.quotedMsgId)) : undefined
    return { ...quotedJson(m, contacts), quotedMsg: q ? quotedJson(q, contacts) : null }
  })
}

/** One message of the company as JSON, or null when it does not exist there (deleted ticket, other company). */
export async function loadMessageJson(app: FastifyInstance, companyId: number, messageId: number): Promise<MessageJson | null> {
  const row = await app.bind(Message).query().forCompany(companyId).findById(messageId)
  if (!row) return null
  const [json] = await serializeMessages(app, companyId, [row])
  return json
}
