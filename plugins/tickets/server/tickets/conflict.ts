import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'

/** The active ticket that blocked a create or reopen, as the web app's alert reads it (who holds it, in which queue). */
export interface OpenTicketSummary {
  id: number
  uuid: string
  status: string
  userId: number | null
  user: { id: number; name: string } | null
  queueId: number | null
  queue: { id: number; name: string; color: string } | null
  contactId: number
  whatsappId: number | null
}

/**
 * 409 ERR_OTHER_OPEN_TICKET for a unique-index violation on (company, contact, connection, active). The spec's web
 * app parses the error's message as JSON with the existing ticket, so the message carries it as a JSON string and
 * `details` the same object. Read after the failed transaction rolled back: the blocking ticket is committed.
 */
export async function otherOpenTicket(app: FastifyInstance, companyId: number, contactId: number, whatsappId: number | null, exceptId?: number): Promise<AppError> {
  const q = app.knex('tickets').where({ companyId, contactId, active: 1 })
  if (whatsappId === null) q.whereNull('whatsappId')
  else q.where({ whatsappId })
  if (exceptId !== undefined) q.whereNot('id', exceptId)
  const row = await q.first('id', 'uuid', 'status', 'userId', 'queueId', 'contactId', 'whatsappId')
  if (!row) return new AppError('ERR_OTHER_OPEN_TICKET', 409)
  const [user, queues] = await Promise.all([
    row.userId === null ? undefined : app.knex('users').where({ companyId, id: row.userId }).first('id', 'name'),
    row.queueId === null ? undefined : app.queues.describe(companyId, [Number(row.queueId)]),
  ])
  const queueInfo = row.queueId === null ? undefined : queues?.get(Number(row.queueId))
  const queue = queueInfo ? { id: Number(row.queueId), ...queueInfo } : undefined
  const summary: OpenTicketSummary = {
    id: Number(row.id), uuid: row.uuid, status: row.status, userId: row.userId ?? null, user: user ? { id: Number(user.id), name: user.name } : null,
    queueId: row.queueId ?? null, queue: queue ? { id: Number(queue.id), name: queue.name, color: queue.color } : null,
    contactId: Number(row.contactId), whatsappId: row.whatsappId ?? null,
  }
  return new AppError('ERR_OTHER_OPEN_TICKET', 409, summary, JSON.stringify(summary))
}
