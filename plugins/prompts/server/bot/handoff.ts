import type { FastifyInstance } from 'fastify'
import { isUniqueViolation } from '@zapdesk/plugin-api'
import '@zapdesk/tickets/public'
import { PromptHandoff } from '../models.ts'
import type { Prompt } from '../models.ts'
import { companyNote, type HandoffReason } from './notes.ts'

/** True once the bot handed this ticket over (until the ticket closes). */
export async function isHandedOff(app: FastifyInstance, companyId: number, ticketId: number): Promise<boolean> {
  return Boolean(await app.bind(PromptHandoff).query().forCompany(companyId).findOne({ ticketId }))
}

/** Stops the bot for the ticket (a second call changes nothing). */
export async function markHandedOff(app: FastifyInstance, companyId: number, ticketId: number, reason: HandoffReason): Promise<void> {
  try {
    await app.bind(PromptHandoff).query().forCompany(companyId).insert({ ticketId, reason })
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
  }
}

/** The next conversation on the ticket starts with the bot again. */
export async function clearHandoff(app: FastifyInstance, companyId: number, ticketId: number): Promise<void> {
  await app.bind(PromptHandoff).query().forCompany(companyId).delete().where({ ticketId })
}

/**
 * The ticket goes to the agents of the prompt's queue (pending, no user) and the bot stops; agents read why in a
 * note. A queue that no longer exists leaves the ticket's queue as it is.
 */
export async function handOff(app: FastifyInstance, companyId: number, ticketId: number, prompt: Prompt, reason: HandoffReason, detail?: string): Promise<void> {
  await markHandedOff(app, companyId, ticketId, reason)
  const queueExists = (await app.queues.describe(companyId, [prompt.queueId])).has(prompt.queueId)
  const ticket = await app.tickets.boards.ticket(companyId, ticketId)
  if (ticket && ticket.status !== 'closed' && queueExists && (ticket.queueId !== prompt.queueId || ticket.status !== 'pending')) {
    await app.tickets.lifecycle.transfer(companyId, ticketId, { queueId: prompt.queueId, by: null })
  }
  const note = await companyNote(app, companyId, reason, prompt.name, detail)
  if (note) await app.tickets.conversation.note(companyId, ticketId, note)
}

