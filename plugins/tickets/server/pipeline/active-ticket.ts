import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { randomUUID } from 'node:crypto'
import { isUniqueViolation } from '@zapdesk/plugin-api'
import { Ticket } from '../models.ts'
import { startCycle } from '../cycles.ts'
import { RetryTransaction } from './retry.ts'

export interface TicketKey {
  companyId: number
  contactId: number
  whatsappId: number
}

/**
 * Row locks serialize the writers of one ticket on MariaDB (SQLite runs one writer at a time anyway, and knex would
 * only warn about FOR UPDATE there).
 */
export function locked<Q extends { forUpdate(): Q }>(app: FastifyInstance, query: Q): Q {
  return app.dialect === 'mysql' ? query.forUpdate() : query
}

/**
 * The pipeline's hot path reads and writes its rows with plain knex and makes the same models of them: objection's
 * query machinery costs several times the query itself on SQLite, on every message. Rows come back camelCased (the
 * knex mappers), which is what the models parse.
 */
export const ticketOf = (app: FastifyInstance, row: Record<string, unknown>): Ticket => app.bind(Ticket).fromDatabaseJson(row)

/** The contact's pending/open ticket on the connection, locked for the rest of the transaction. */
export async function lockActiveTicket(app: FastifyInstance, trx: Knex.Transaction, key: TicketKey): Promise<Ticket | undefined> {
  const { companyId, contactId, whatsappId } = key
  const row = await locked(app, trx('tickets').where({ companyId, contactId, whatsappId, active: 1 }).first())
  return row ? ticketOf(app, row) : undefined
}

/** The contact's latest closed ticket on the connection that still waits for a rating answer, locked. */
export async function lockAwaitingRating(app: FastifyInstance, trx: Knex.Transaction, key: TicketKey): Promise<Ticket | undefined> {
  const { companyId, contactId, whatsappId } = key
  const row = await locked(app, trx('tickets').where({ companyId, contactId, whatsappId, status: 'closed', awaitingRating: true }).orderBy('id', 'desc').first())
  return row ? ticketOf(app, row) : undefined
}

/** What the message that opens a ticket makes of its last-message fields (written with the row, no update after). */
export interface FirstMessage {
  lastMessage: string
  lastMessageAt: string
  unreadMessages: number
}

/**
 * Opens a pending ticket. The unique index (company, contact, connection, active) decides between concurrent
 * openers: the loser's transaction is rolled back and retried, and its rerun finds the winner's ticket.
 */
export async function openTicket(app: FastifyInstance, trx: Knex.Transaction, key: TicketKey & { isGroup: boolean; chatbot: boolean; first?: FirstMessage }): Promise<Ticket> {
  const { companyId, contactId, whatsappId, isGroup, chatbot, first } = key
  try {
    const now = new Date()
    // Every column is given, so the model is the whole row (the pipeline's steps read it as is).
    const row = {
      companyId, uuid: randomUUID(), status: 'pending', active: 1, contactId, whatsappId, userId: null, queueId: null,
      lastMessage: first?.lastMessage ?? '', lastMessageAt: first ? new Date(first.lastMessageAt) : null, unreadMessages: first?.unreadMessages ?? 0,
      isGroup, chatbot, queueOptionId: null, amountUsedBotQueues: 0, botStartedAt: null, awaitingRating: false, transferAt: null,
      outOfHoursAt: null, useIntegration: false, integrationId: null, promptId: null, createdAt: now, updatedAt: now,
    }
    const [id] = await trx('tickets').insert(row)
    const ticket = ticketOf(app, { ...row, id: Number(id) })
    await startCycle(trx, { companyId, ticketId: ticket.id, whatsappId, queueId: null, userId: null })
    return ticket
  } catch (err) {
    if (isUniqueViolation(err)) throw new RetryTransaction('a concurrent message opened the ticket')
    throw err
  }
}
