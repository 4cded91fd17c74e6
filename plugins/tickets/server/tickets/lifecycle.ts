import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, isUniqueViolation, settingsOf } from '@zapdesk/plugin-api'
import { Ticket } from '../models.ts'
import { acceptCycle, finishCycle, startCycle } from '../cycles.ts'
import { planTransition, type Actor, type TicketChange, type Transition } from './transitions.ts'
import { asksRating, sendAutomaticTexts, type ConnectionTexts } from './automatic-messages.ts'
import { otherOpenTicket } from './conflict.ts'
import { actorOf, assertReferences, defaultWhatsappId } from './references.ts'

export interface CreateInput {
  contactId: number
  /** Absent: the company's default connection. */
  whatsappId?: number
  queueId?: number | null
  userId?: number | null
  status?: 'open' | 'pending'
}

export interface ChangeOptions {
  /** Why a ticket closes: 'resolved' (default) sends the rating request or completion text; others close quietly. */
  reason?: string
}

/**
 * `app.tickets.lifecycle`: every change of a ticket's state, for the API and for other parts (pipeline sweeps,
 * bots, kanban). Each change locks the ticket row, decides the transition from its current state (transitions.ts),
 * writes it with its service-cycle step in one transaction, then emits `ticket.updated` with the old values and
 * sends the automatic texts. The unique index (company, contact, connection, active) decides conflicts.
 */
export class TicketLifecycle {
  constructor(private app: FastifyInstance) {}

  /** A new ticket (open for its user by default). 409 ERR_OTHER_OPEN_TICKET when the contact has an active one there. */
  async create(companyId: number, input: CreateInput): Promise<Ticket> {
    const contact = await this.app.contacts.find(companyId, input.contactId)
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
    await assertReferences(this.app, companyId, input)
    const whatsappId = input.whatsappId ?? await defaultWhatsappId(this.app, companyId)
    const status = input.status ?? 'open'
    const userId = status === 'open' ? input.userId ?? null : null
    if (status === 'open' && userId === null) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/userId', message: 'an open ticket needs a user' }])
    let ticket: Ticket
    try {
      ticket = await this.app.knex.transaction(async (trx) => {
        const row = await this.app.bind(Ticket).query(trx).forCompany(companyId).insert({
          uuid: randomUUID(), status, active: 1, contactId: contact.id, whatsappId, userId, queueId: input.queueId ?? null,
          isGroup: Boolean(contact.isGroup), unreadMessages: 0, chatbot: false, awaitingRating: false, useIntegration: false,
        })
        await startCycle(trx, { companyId, ticketId: row.id, whatsappId, queueId: row.queueId, userId, accepted: status === 'open' })
        return row
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw await otherOpenTicket(this.app, companyId, contact.id, whatsappId)
      throw err
    }
    this.app.events.emit('ticket.created', { companyId, ticketId: ticket.id })
    return ticket
  }

  /** pending -> open, held by `userId`. */
  async accept(companyId: number, ticketId: number, opts: { userId: number }): Promise<Ticket> {
    return this.change(companyId, ticketId, { status: 'open', userId: opts.userId }, await actorOf(this.app, companyId, opts.userId))
  }

  /** open -> pending, user cleared. */
  async return(companyId: number, ticketId: number, opts: { by: number | null }): Promise<Ticket> {
    return this.change(companyId, ticketId, { status: 'pending', userId: null }, await actorOf(this.app, companyId, opts.by))
  }

  /** -> closed (e.g. `{ by: null, reason: 'expired' }` from a sweep); closing a closed ticket changes nothing. */
  async close(companyId: number, ticketId: number, opts: { by: number | null; reason?: string }): Promise<Ticket> {
    return this.change(companyId, ticketId, { status: 'closed' }, await actorOf(this.app, companyId, opts.by), { reason: opts.reason })
  }

  /** The spec's name for an agent's close. */
  resolve(companyId: number, ticketId: number, opts: { by: number | null }): Promise<Ticket> {
    return this.close(companyId, ticketId, { by: opts.by, reason: 'resolved' })
  }

  /** closed -> open for `userId`, in the given queue or the user's (see transitions.ts). */
  async reopen(companyId: number, ticketId: number, opts: { userId: number; queueId?: number | null }): Promise<Ticket> {
    return this.change(companyId, ticketId, { status: 'open', userId: opts.userId, queueId: opts.queueId }, await actorOf(this.app, companyId, opts.userId))
  }

  /** To a queue (pending, user cleared) or to a user. */
  async transfer(companyId: number, ticketId: number, opts: { queueId?: number | null; userId?: number | null; by: number | null }): Promise<Ticket> {
    return this.change(companyId, ticketId, { queueId: opts.queueId, userId: opts.userId ?? null }, await actorOf(this.app, companyId, opts.by))
  }

  /** Any change (PUT /tickets/:id): the current state and the change decide the transition. */
  async change(companyId: number, ticketId: number, change: TicketChange, actor: Actor, opts: ChangeOptions = {}): Promise<Ticket> {
    await assertReferences(this.app, companyId, change)
    const settings = await settingsOf(this.app, companyId)
    const reason = opts.reason ?? 'resolved'
    let conflict: { contactId: number; whatsappId: number | null } | undefined
    let result: { before: Ticket; after: Ticket; transition: Transition }
    try {
      result = await this.app.knex.transaction(async (trx) => {
        const before = await this.lock(trx, companyId, ticketId)
        const transition = planTransition(before, change, actor)
        if (!Object.keys(transition.patch).length) return { before, after: before, transition }
        if (transition.kind === 'close') {
          const texts = before.whatsappId === null ? undefined : await this.app.connections.row(companyId, before.whatsappId, trx) as ConnectionTexts | undefined
          const userId = transition.patch.userId !== undefined ? transition.patch.userId : before.userId
          const rating = reason === 'resolved' && asksRating(settings, texts ?? null, { userId, isGroup: before.isGroup })
          if (rating !== before.awaitingRating) transition.patch.awaitingRating = rating
        }
        conflict = { contactId: before.contactId, whatsappId: transition.patch.whatsappId ?? before.whatsappId }
        await this.app.bind(Ticket).query(trx).forCompany(companyId).patch(transition.patch).where('id', ticketId)
        const after = await this.lock(trx, companyId, ticketId)
        await this.recordCycle(trx, after, transition)
        return { before, after, transition }
      })
    } catch (err) {
      if (isUniqueViolation(err) && conflict) throw await otherOpenTicket(this.app, companyId, conflict.contactId, conflict.whatsappId, ticketId)
      throw err
    }
    const { before, after, transition } = result
    if (after === before) return after
    const previous = Object.fromEntries(Object.keys(transition.patch).filter((k) => k !== 'active').map((k) => [k, before[k as keyof Ticket]]))
    this.app.events.emit('ticket.updated', { companyId, ticketId, previous })
    await sendAutomaticTexts(this.app, companyId, { ticket: after, transition, settings, reason })
    return after
  }

  /** Deletes a ticket: its messages, notes, cycles and search words go by cascade, its tag links here. */
  async remove(companyId: number, ticketId: number): Promise<void> {
    const ticket = await this.app.knex.transaction(async (trx) => {
      const row = await this.lock(trx, companyId, ticketId)
      await this.app.bind(Ticket).query(trx).forCompany(companyId).deleteById(ticketId)
      await this.app.tags.forgetTicket(companyId, ticketId, trx)
      return row
    })
    this.app.events.emit('ticket.deleted', { companyId, ticketId, queueId: ticket.queueId, userId: ticket.userId, status: ticket.status })
  }

  /** The ticket row, locked for the rest of the transaction on MariaDB (SQLite runs one writer at a time anyway). */
  private async lock(trx: Knex.Transaction, companyId: number, ticketId: number): Promise<Ticket> {
    const q = this.app.bind(Ticket).query(trx).forCompany(companyId).findById(ticketId)
    if (this.app.dialect === 'mysql') q.forUpdate()
    const row = await q
    if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 404)
    return row
  }

  private async recordCycle(trx: Knex.Transaction, t: Ticket, transition: Transition): Promise<void> {
    const base = { companyId: t.companyId, ticketId: t.id }
    if (transition.cycle === 'start') await startCycle(trx, { ...base, whatsappId: t.whatsappId, queueId: t.queueId, userId: t.userId, accepted: t.status === 'open' })
    if (transition.cycle === 'accept' && t.userId !== null) await acceptCycle(trx, t.companyId, t.id, t.userId, t.queueId)
    if (transition.cycle === 'finish') await finishCycle(trx, t.companyId, t.id, t.userId)
  }
}
