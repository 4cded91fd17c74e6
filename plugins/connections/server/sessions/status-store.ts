import type { FastifyInstance } from 'fastify'
import type { SessionStatus, DisconnectCause } from '../driver.ts'
import { Whatsapp } from '../models.ts'
import { whatsappsDto } from '../serialize.ts'

export interface StatusUpdate {
  status: SessionStatus
  qrcode?: string
  retries?: number
  number?: string
  /** Why it is down; null clears it (connected again). */
  cause?: DisconnectCause | null
  /** When the next automatic attempt starts (ISO), null when none is planned. */
  nextRetryAt?: string | null
}

/**
 * Persists a session's status on its connection row, tells the company's browsers (`whatsappSession`, without the
 * token: agents receive it too, for the menu badge) and, when the status really changed, the other plugins
 * (`whatsapp.statusChanged`). A connection deleted meanwhile is simply skipped.
 */
export async function saveStatus(app: FastifyInstance, companyId: number, whatsappId: number, update: StatusUpdate): Promise<void> {
  const Whatsapps = app.bind(Whatsapp)
  const row = await Whatsapps.query().forCompany(companyId).findById(whatsappId)
  if (!row) return
  const patch: Partial<Whatsapp> = { status: update.status }
  if (update.qrcode !== undefined) patch.qrcode = update.qrcode
  if (update.retries !== undefined) patch.retries = update.retries
  if (update.number) patch.number = update.number
  if (update.cause !== undefined) patch.disconnectCause = update.cause
  if (update.nextRetryAt !== undefined) patch.nextRetryAt = update.nextRetryAt
  if (update.status === 'CONNECTED') Object.assign(patch, { disconnectCause: null, nextRetryAt: null })
  const updated = await Whatsapps.query().forCompany(companyId).patchAndFetchById(whatsappId, patch)
  if (!updated) return
  const [session] = await whatsappsDto(app, [updated])
  app.realtime.publish({ companyId, topic: 'whatsappSession', data: { action: 'update', session } })
  if (row.status !== update.status) app.events.emit('whatsapp.statusChanged', { companyId, whatsappId, status: update.status, previous: row.status })
}
