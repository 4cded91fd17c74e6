import type { FastifyInstance } from 'fastify'
import { settingsOf } from '../../../../core/plugin-api/index.ts'
import type { InboundMessage } from '../../../connections/public.ts'
import { contentOf, fitText } from './content.ts'
import { chatContacts } from './chat-contacts.ts'
import { botStartsOn, loadConnection } from './connection.ts'
import { announceStored, isStored, storeMessage } from './store.ts'
import { isRatingAnswer } from './steps/rating.ts'
import { runSteps } from './run-steps.ts'

/** A larger serialized message is not kept for the driver's getMessage rather than failing the insert. */
const MAX_RAW_BYTES = 65_000

function timestampOf(iso: string): string {
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
 * A message from the channel: contact, media, then the one transaction that stores it on its ticket, the domain
 * events, and the inbound steps. A redelivery stops at the unique index, which rolls its transaction back; a media
 * message is looked up first, since a redelivery would otherwise download its file again (and remove it).
 */
export async function receiveMessage(app: FastifyInstance, companyId: number, whatsappId: number, event: InboundMessage): Promise<void> {
  if (event.media && (await isStored(app, companyId, whatsappId, event.externalId))) return
  const [settings, loaded] = await Promise.all([settingsOf(app, companyId), loadConnection(app, companyId, whatsappId)])
  if (!loaded || (event.chat.isGroup && settings.CheckMsgIsGroup === 'enabled')) return
  const { contact, authorId, created, rows } = await chatContacts(app, companyId, event.chat, event.fromMe, event.sender)
  const quotedMsgId = await quotedId(app, companyId, whatsappId, event.quotedId)
  const content = await contentOf(app, companyId, event)
  const raw = event.raw && Buffer.byteLength(event.raw) <= MAX_RAW_BYTES ? event.raw : null
  const stored = await storeMessage(app, {
    companyId, whatsappId, contactId: contact.id, isGroup: contact.isGroup, contactCreated: created,
    botStarts: botStartsOn(loaded),
    ratingAnswer: !event.fromMe && event.type === 'text' && isRatingAnswer(event.body),
    fields: {
      externalId: event.externalId, body: content.body, fromMe: event.fromMe, mediaType: content.mediaType,
      mediaPath: content.mediaPath, mediaName: content.mediaName, mediaMimetype: content.mediaMimetype,
      quotedMsgId, contactId: authorId,
      participant: event.chat.isGroup && event.sender ? event.sender.jid.slice(0, 200) : null, raw,
      createdAt: timestampOf(event.timestamp),
    },
    preview: fitText(content.preview), searchText: content.searchText,
  }).catch(async (err) => {
    if (content.mediaPath) await app.storage.remove(companyId, content.mediaPath)
    throw err
  })
  if (stored.duplicate) {
    if (content.mediaPath) await app.storage.remove(companyId, content.mediaPath)
    return
  }
  announceStored(app, companyId, stored, { contacts: rows, whatsapp: loaded.row })
  await runSteps(app, {
    app, companyId, whatsappId, whatsapp: loaded.row, event, ticket: stored.ticket, message: stored.message, contact,
    ticketCreated: stored.ticketCreated, contactCreated: created, settings,
  })
}
