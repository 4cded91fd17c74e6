import type { FastifyInstance } from 'fastify'
import { settingsOf } from '@zapdesk/plugin-api'
import type { InboundCall } from '@zapdesk/connections/public'
import { chatContacts } from './chat-contacts.ts'
import { botStartsOn, loadConnection } from './connection.ts'
import { announceStored, storeMessage } from './store.ts'
import { sendAutomatic } from './steps/reply.ts'
import { automaticTextsIn } from '../automatic-texts.ts'


/**
 * A call offer becomes one `call_log` message on the contact's active ticket (a ticket is opened only when there is
 * none), keyed by the call id like any message, so a redelivered offer adds nothing (the unique index refuses
 * it). When the company does not take calls, the contact is told so, once per call: only the delivery that stored
 * the call answers.
 */
export async function receiveCall(app: FastifyInstance, companyId: number, whatsappId: number, event: InboundCall): Promise<void> {
  const [settings, loaded] = await Promise.all([settingsOf(app, companyId), loadConnection(app, companyId, whatsappId)])
  if (!loaded || (event.chat.isGroup && settings.CheckMsgIsGroup === 'enabled')) return
  const { contact, authorId, created, rows } = await chatContacts(app, companyId, event.chat, event.fromMe)
  const body = event.isVideo ? 'Chamada de vídeo perdida' : 'Chamada de voz perdida'
  const stored = await storeMessage(app, {
    companyId, whatsappId, contactId: contact.id, isGroup: contact.isGroup, contactCreated: created,
    botStarts: botStartsOn(loaded), ratingAnswer: false,
    fields: {
      externalId: event.externalId, body, fromMe: event.fromMe, mediaType: 'call_log', mediaPath: null, mediaName: null,
      mediaMimetype: null, quotedMsgId: null, contactId: authorId, participant: null, raw: null, createdAt: new Date().toISOString(),
    },
    preview: body, searchText: '',
  })
  if (stored.duplicate) return
  announceStored(app, companyId, stored, { contacts: rows, whatsapp: loaded.row })
  if (settings.call === 'disabled' && !event.fromMe && !contact.isGroup) {
    // the automatic answer when the company does not take calls (setting `call` 'disabled')
    await sendAutomatic(app, companyId, stored.ticket.id, automaticTextsIn(settings).callsDisabled)
  }
}
