import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { AppError, featureEnabled } from '@zapdesk/plugin-api'
import '@zapdesk/tickets/public'
import type { OutboundMediaInput } from '@zapdesk/tickets/public'
import { Schedule } from '../models.ts'

export type SendOutcome = 'sent' | 'failed' | 'retry' | 'lost'

const MIMETYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' }

/**
 * The picture as the ticket message's own file: a copy, so deleting the schedule (and its picture) later leaves the
 * conversation whole.
 */
async function mediaOf(app: FastifyInstance, row: Schedule): Promise<OutboundMediaInput | undefined> {
  if (!row.mediaPath) return undefined
  const data = await app.storage.readBuffer(row.companyId, row.mediaPath)
  if (!data) throw new AppError('ERR_NO_MEDIA_FOUND', 404)
  const fileName = row.mediaName ?? row.mediaPath
  const copy = await app.storage.save(row.companyId, data, fileName)
  return { path: copy, fileName, mimetype: MIMETYPES[path.extname(fileName).toLowerCase()] ?? 'image/jpeg', type: 'image' }
}

/**
 * Sends a claimed schedule: into the contact's active ticket (opened for its author when there is none), under the
 * message id fixed at the claim. After a crash the row is claimed again with the same id and the tickets service
 * answers the message it already stored, so the send is recorded, not repeated. Every write is conditional on this
 * claim. A refusal no retry can fix (no default connection, the contact or the picture gone) fails the schedule
 * with its code, as does a company that no longer has schedules (switched off, or not in its plan now); anything
 * else puts it back for the next wake-up.
 */
export async function sendSchedule(app: FastifyInstance, row: Schedule): Promise<SendOutcome> {
  const { companyId } = row
  const mine = () => app.bind(Schedule).query().forCompany(companyId).findById(row.id).where({ status: 'sending', claimedAt: new Date(row.claimedAt!) })
  try {
    if (!(await featureEnabled(app, companyId, 'useSchedules'))) throw new AppError('ERR_FEATURE_DISABLED', 403)
    const { ticket } = await app.tickets.findOrOpen(companyId, { contactId: row.contactId, userId: row.userId })
    const message = await app.tickets.sendMessage(companyId, ticket.id, { body: row.body, media: await mediaOf(app, row), userId: row.userId, id: row.messageKey! })
    const n = await mine().patch({ status: 'sent', sentAt: new Date().toISOString(), messageId: message.id, ticketId: message.ticketId, error: null })
    return n ? 'sent' : 'lost'
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) {
      await mine().patch({ status: 'failed', error: err.code.slice(0, 100) })
      app.log.info({ scheduleId: row.id, code: err.code }, 'schedule failed')
      return 'failed'
    }
    app.log.warn({ err, scheduleId: row.id }, 'schedule send interrupted; retried at the next wake-up')
    await mine().patch({ status: 'pending' }).catch(() => undefined)
    return 'retry'
  }
}
