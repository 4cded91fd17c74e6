import type { FastifyInstance } from 'fastify'
import { settingsOf } from '@zapdesk/plugin-api'
import type { InboundMessage } from '@zapdesk/connections/public'
import { contentOf, fitText } from './content.ts'
import { chatContacts, type ChatContacts } from './chat-contacts.ts'
import { botStartsOn, loadConnection, type LoadedConnection } from './connection.ts'
import { announceStored, isStored, storeMessage, type StoreInput, type Stored } from './store.ts'
import { isRatingAnswer } from './steps/rating.ts'
import { runSteps } from './run-steps.ts'
import { groupCommit } from './group-commit.ts'
import type { MessageContent } from './content.ts'

/** A larger serialized message is not kept for the driver's getMessage rather than failing the insert. */
const MAX_RAW_BYTES = 65_000

export function timestampOf(iso: string): string {
  const t = Date.parse(iso)
  return Number.isFinite(t) ? new Date(t).toISOString() : new Date().toISOString()
}

/** The local id of the message a reply quotes, when we have it. */
async function quotedId(app: FastifyInstance, companyId: number, whatsappId: number, externalId: string | undefined): Promise<number | null> {
  if (!externalId) return null
  const row = await app.knex('messages').where({ companyId, whatsappId, externalId }).first('id')
  return row ? Number(row.id) : null
}

/**
 * A message from the channel. The common case, a text message in a 1:1 chat (no media, no quote, not a rating
 * answer), joins the group commit (group-commit.ts): written together with the ones that arrive while a write is in
 * flight, with the same rows, events, frames and steps as below. Anything else waits until the text messages that
 * arrived before it are stored (a contact's messages keep their order), then goes the one-at-a-time way.
 */
export async function receiveMessage(app: FastifyInstance, companyId: number, whatsappId: number, event: InboundMessage): Promise<void> {
  const commit = groupCommit(app)
  if (commit.takes(event)) return commit.submit(companyId, whatsappId, event)
  await commit.barrier()
  return receiveOne(app, companyId, whatsappId, event)
}

/** What receiveMessage stores for a message whose connection, contacts and content are known. */
export function storeInputOf(
  companyId: number, whatsappId: number, event: InboundMessage, loaded: LoadedConnection, chat: ChatContacts,
  content: MessageContent, quotedMsgId: number | null,
): StoreInput {
  const raw = event.raw && Buffer.byteLength(event.raw) <= MAX_RAW_BYTES ? event.raw : null
  return {
    companyId, whatsappId, contactId: chat.contact.id, isGroup: chat.contact.isGroup, contactCreated: chat.created,
    botStarts: botStartsOn(loaded),
    ratingAnswer: !event.fromMe && event.type === 'text' && isRatingAnswer(event.body),
    fields: {
      externalId: event.externalId, body: content.body, fromMe: event.fromMe, mediaType: content.mediaType,
      mediaPath: content.mediaPath, mediaName: content.mediaName, mediaMimetype: content.mediaMimetype,
      quotedMsgId, contactId: chat.authorId,
      participant: event.chat.isGroup && event.sender ? event.sender.jid.slice(0, 200) : null, raw,
      createdAt: timestampOf(event.timestamp),
    },
    preview: fitText(content.preview), searchText: content.searchText,
  }
}

/** After the store committed: the domain events (and frames), then the inbound steps. */
export async function afterStored(
  app: FastifyInstance, companyId: number, whatsappId: number, event: InboundMessage, settings: Record<string, string>,
  loaded: LoadedConnection, chat: ChatContacts, stored: Extract<Stored, { duplicate: false }>, tags?: Array<{ id: number; name: string; color: string }>,
): Promise<void> {
  announceStored(app, companyId, stored, { contacts: chat.rows, whatsapp: loaded.row, ...(tags ? { tags } : {}) })
  await runSteps(app, {
    app, companyId, whatsappId, whatsapp: loaded.row, event, ticket: stored.ticket, message: stored.message, contact: chat.contact,
    ticketCreated: stored.ticketCreated, contactCreated: chat.created, settings,
  })
}

/**
 * One message on its own: contact, media, then the one transaction that stores it on its ticket, the domain events,
 * and the inbound steps. A redelivery stops at the unique index, which rolls its transaction back; a media message
 * is looked up first, since a redelivery would otherwise download its file again (and remove it).
 */
export async function receiveOne(app: FastifyInstance, companyId: number, whatsappId: number, event: InboundMessage): Promise<void> {
  if (event.media && (await isStored(app, companyId, whatsappId, event.externalId))) return
  const [settings, loaded] = await Promise.all([settingsOf(app, companyId), loadConnection(app, companyId, whatsappId)])
  if (!loaded || (event.chat.isGroup && settings.CheckMsgIsGroup === 'enabled')) return
  const chat = await chatContacts(app, companyId, event.chat, event.fromMe, event.sender)
  const quotedMsgId = await quotedId(app, companyId, whatsappId, event.quotedId)
  const content = await contentOf(app, companyId, event)
  const stored = await storeMessage(app, storeInputOf(companyId, whatsappId, event, loaded, chat, content, quotedMsgId)).catch(async (err) => {
    if (content.mediaPath) await app.storage.remove(companyId, content.mediaPath)
    throw err
  })
  if (stored.duplicate) {
    if (content.mediaPath) await app.storage.remove(companyId, content.mediaPath)
    return
  }
  await afterStored(app, companyId, whatsappId, event, settings, loaded, chat, stored)
}
