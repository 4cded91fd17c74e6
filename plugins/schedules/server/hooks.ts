import type { FastifyInstance } from 'fastify'
import '@zapdesk/contacts/public'
import { Schedule } from './models.ts'

/**
 * A deleted contact takes its schedules along (in the contact's deletion transaction); their pictures are removed
 * once that transaction commits, and the company's pages drop them live.
 */
export function listen(app: FastifyInstance): void {
  app.contacts.deletionHooks.add(async (trx, companyId, contactId) => {
    const gone = await app.bind(Schedule).query(trx).forCompany(companyId).where({ contactId }).select('id', 'mediaPath')
    if (!gone.length) return
    await app.bind(Schedule).query(trx).forCompany(companyId).whereIn('id', gone.map((s) => s.id)).delete()
    trx.executionPromise.then(async () => {
      for (const s of gone) {
        if (s.mediaPath) await app.storage.remove(companyId, s.mediaPath)
        app.realtime.publish({ companyId, topic: 'schedule', data: { action: 'delete', scheduleId: s.id } })
      }
    }).catch(() => undefined) // rolled back: the schedules and their pictures stay
  })
}
