import type { FastifyInstance } from 'fastify'
import { isUniqueViolation } from '@zapdesk/plugin-api'
import '@zapdesk/tickets/public'
import '@zapdesk/queues/public'
import { IntegrationSession } from '../models.ts'
import { companyNote, type HandBackWhy } from './notes.ts'

/** The ticket's conversation with an integration, if one started (until the ticket closes). */
export async function sessionOf(app: FastifyInstance, companyId: number, ticketId: number): Promise<IntegrationSession | undefined> {
  return await app.bind(IntegrationSession).query().forCompany(companyId).findOne({ ticketId })
}

/** Starts (or changes) the ticket's session: one row per ticket, race-safe through its unique index. */
export async function saveSession(app: FastifyInstance, companyId: number, ticketId: number, patch: Partial<Pick<IntegrationSession, 'integrationId' | 'status' | 'externalId' | 'lastAt' | 'choices'>>): Promise<void> {
  const Sessions = app.bind(IntegrationSession)
  const changed = await Sessions.query().forCompany(companyId).patch(patch).where({ ticketId })
  if (changed) return
  try {
    await Sessions.query().forCompany(companyId).insert({ ticketId, status: 'active', externalId: null, lastAt: null, choices: null, ...patch } as Partial<IntegrationSession>)
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    await Sessions.query().forCompany(companyId).patch(patch).where({ ticketId })
  }
}

/** The next conversation on the ticket starts with its integration again. */
export async function clearSession(app: FastifyInstance, companyId: number, ticketId: number): Promise<void> {
  await app.bind(IntegrationSession).query().forCompany(companyId).delete().where({ ticketId })
}

/** The integration still has the ticket: waiting (pending, nobody took it) and not handed back. */
export async function integrationHasTicket(app: FastifyInstance, companyId: number, ticketId: number): Promise<boolean> {
  const ticket = await app.tickets.boards.ticket(companyId, ticketId)
  if (!ticket || ticket.status !== 'pending' || ticket.userId !== null) return false
  return (await sessionOf(app, companyId, ticketId))?.status !== 'done'
}

/**
 * Marks the session done; true only for the call that ended it (a conditional update), so two failures racing on
 * one ticket leave one note. Pending typebot choices go with it.
 */
async function endSession(app: FastifyInstance, companyId: number, ticketId: number): Promise<boolean> {
  const changed = await app.bind(IntegrationSession).query().forCompany(companyId)
    .patch({ status: 'done', choices: null }).where({ ticketId }).whereNot('status', 'done')
  if (changed) return true
  if (await sessionOf(app, companyId, ticketId)) return false
  await saveSession(app, companyId, ticketId, { status: 'done' })
  return true
}

/**
 * The integration is done with the ticket: it goes to the agents of the queue whose integration talked (pending, no
 * user) and later messages pass the integration by, until the ticket closes. Agents read which integration gave it
 * back and why in a note on the ticket (the tickets plugin's system note, as the AI prompts leave theirs).
 */
export async function handBack(app: FastifyInstance, companyId: number, ticketId: number, queueId: number | null, why: HandBackWhy): Promise<void> {
  const ended = await endSession(app, companyId, ticketId)
  const ticket = await app.tickets.boards.ticket(companyId, ticketId)
  if (!ticket || ticket.status === 'closed') return
  if (ended) await app.tickets.conversation.note(companyId, ticketId, await companyNote(app, companyId, why))
  if (queueId === null || ticket.queueId === queueId) return
  if (!(await app.queues.describe(companyId, [queueId])).has(queueId)) return
  await app.tickets.lifecycle.transfer(companyId, ticketId, { queueId, by: null })
}

/** An agent taking the ticket ends the integration's part; closing (or deleting) it lets the next conversation start with it. */
export function listenToTickets(app: FastifyInstance): void {
  app.events.on('ticket.updated', async ({ companyId, ticketId, previous }) => {
    if (!previous || !('status' in previous)) return
    const ticket = await app.tickets.boards.ticket(companyId, ticketId)
    if (!ticket) return
    if (ticket.status === 'open' && (await sessionOf(app, companyId, ticketId))) await saveSession(app, companyId, ticketId, { status: 'done', choices: null })
    if (ticket.status === 'closed') await clearSession(app, companyId, ticketId)
  })
  app.events.on('ticket.deleted', ({ companyId, ticketId }) => clearSession(app, companyId, ticketId))
}
