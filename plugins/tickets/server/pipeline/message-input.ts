import type { FastifyInstance } from 'fastify'
import type { InboundMessage } from '@zapdesk/connections/public'
import { fitText, type MessageContent } from './content.ts'
import type { ChatContacts } from './chat-contacts.ts'
import { botStartsOn, type LoadedConnection } from './connection.ts'
import { announceStored, type StoreInput, type Stored } from './store.ts'
import { isRatingAnswer } from './steps/rating.ts'
import { runSteps } from './run-steps.ts'

/*
 * The per-message halves of the inbound path that both ways of storing share (one at a time in receive-message.ts,
 * batched in write-batch.ts): the row to store, and what follows the commit. Kept apart so neither way imports the other.
 */

/** A larger serialized message is not kept for the driver's getMessage rather than failing the insert. */
const MAX_RAW_BYTES = 65_000

function timestampOf(iso: string): string {
  const t = Date.parse(iso)
  return Number.isFinite(t) ? new Date(t).toISOString() : new Date().toISOString()
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
    app, companyId, whatsappId, whatsapp: loaded.row, offersQueues: loaded.offersQueues, event, ticket: stored.ticket, message: stored.message, contact: chat.contact,
    ticketCreated: stored.ticketCreated, contactCreated: chat.created, settings,
  })
}

