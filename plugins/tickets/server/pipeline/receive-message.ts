import type { FastifyInstance } from 'fastify'
import { settingsOf } from '@zapdesk/plugin-api'
import type { InboundMessage } from '@zapdesk/connections/public'
import { contentOf } from './content.ts'
import { chatContacts } from './chat-contacts.ts'
import { loadConnection } from './connection.ts'
import { isStored, storeMessage } from './store.ts'
import { groupCommit } from './group-commit.ts'
import { afterStored, storeInputOf } from './message-input.ts'

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
