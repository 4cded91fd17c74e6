import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import { Ticket } from '../models.ts'
import { defaultWhatsappId } from '../tickets/references.ts'

export interface FindOrOpenInput {
  contactId: number
  /** Absent: the company's default connection. */
  whatsappId?: number
  /** For a ticket opened here; an existing ticket keeps its queue. */
  queueId?: number | null
  /** For a ticket opened here: with a user it opens as 'open' for them, without one it waits as 'pending'. */
  userId?: number | null
}

/**
 * The contact's active (pending or open) ticket on the connection, or a new one: what campaigns, schedules, the
 * external API and integrations write into. Race-safe through the lifecycle's create: the unique index on (company,
 * contact, connection, active) lets one of two concurrent calls open the ticket; the other reads it.
 */
export async function findOrOpen(app: FastifyInstance, companyId: number, input: FindOrOpenInput): Promise<{ ticket: Ticket; created: boolean }> {
  const whatsappId = input.whatsappId ?? await defaultWhatsappId(app, companyId)
  const active = () => app.bind(Ticket).query().forCompany(companyId).findOne({ contactId: input.contactId, whatsappId, active: 1 })
  const existing = await active()
  if (existing) return { ticket: existing, created: false }
  const userId = input.userId ?? null
  try {
    const ticket = await app.tickets.lifecycle.create(companyId, {
      contactId: input.contactId, whatsappId, queueId: input.queueId ?? null, userId, status: userId === null ? 'pending' : 'open',
    })
    return { ticket, created: true }
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ERR_OTHER_OPEN_TICKET') throw err
    const opened = await active()
    if (!opened) throw err
    return { ticket: opened, created: false }
  }
}
