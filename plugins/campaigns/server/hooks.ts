import type { FastifyInstance } from 'fastify'
import '@zapdesk/connections/public'
import '@zapdesk/files/public'
import '@zapdesk/tags/public'
import { Campaign } from './models.ts'
import { confirmFromReply } from './sender/confirmation.ts'
import { AwaitingWatch } from './sender/awaiting-watch.ts'
import { scheduleDispatch } from './sender/dispatch.ts'

/**
 * What the campaigns plugin hears from the plugins it depends on: replies (the confirmation flow), connections coming
 * back (paused campaigns resume) and the deletion of rows its campaigns name (they are detached; campaigns that were
 * to send through a deleted connection stop).
 */
export function listen(app: FastifyInstance): void {
  const watch = new AwaitingWatch(app)
  // Each handler awaits its work: the event bus waits for the handlers in idle() (a test's next read, the app's close).
  app.events.on('message.inbound', async ({ companyId, whatsappId, event }) => {
    await confirmFromReply(app, watch, companyId, whatsappId, event).catch((err) => app.log.warn({ err }, 'campaign confirmation not recorded'))
  })
  app.events.on('whatsapp.statusChanged', async ({ companyId, whatsappId, status }) => {
    if (status === 'CONNECTED') await scheduleDispatch(app, { companyId, whatsappId }, 0, `up-${Date.now()}`)
  })
  app.events.on('tag.deleted', async ({ companyId, tagId }) => {
    await app.bind(Campaign).query().forCompany(companyId).where({ tagListId: tagId }).patch({ tagListId: null })
      .catch((err) => app.log.warn({ err }, 'campaigns not detached from a deleted tag'))
  })
  app.files.deletionHooks.add(async (trx, companyId, fileListId) => {
    await app.bind(Campaign).query(trx).forCompany(companyId).where({ fileListId }).patch({ fileListId: null })
  })
  app.connections.deletionHooks.add(async (trx, companyId, whatsappId) => {
    await app.bind(Campaign).query(trx).forCompany(companyId).where({ whatsappId }).whereIn('status', ['PROGRAMADA', 'EM_ANDAMENTO']).patch({ status: 'CANCELADA', pausedReason: null })
    await app.bind(Campaign).query(trx).forCompany(companyId).where({ whatsappId }).patch({ whatsappId: null })
    await trx('campaign_pacing').where({ whatsappId }).delete()
  })
}
