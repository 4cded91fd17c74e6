import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import type { AuthContext, RealtimeAudience } from '@zapdesk/plugin-api'
import type { Message, Ticket } from './models.ts'
import { findOrOpen, type FindOrOpenInput } from './public-api/find-or-open.ts'
import { addSystemNote, recentMessages, type ConversationMessage } from './public-api/conversation.ts'
import { countByStatus, cyclesByUser, cyclesPerSlot, ratingsByUser, type CycleMoment, type CycleSpan, type CycleSums, type Range } from './read-models/activity.ts'
import { assertVisible, boardPage, boardTicket, type BoardQuery, type BoardTicket } from './read-models/board.ts'
import { contactIdsTagged } from './read-models/tagged-contacts.ts'
import { canSeeTicket, ticketAudience, type TicketScope } from './visibility.ts'
import type { InboundStep } from './pipeline/steps.ts'
import { orderSteps } from './pipeline/step-order.ts'
import type { EnqueueInput, MessageSender } from './messages/sender.ts'
import type { TicketLifecycle } from './tickets/lifecycle.ts'

/**
 * `app.tickets`: what other plugins use from the tickets plugin (see README.md). The parts are set by the plugin's
 * setup: the inbound pipeline's steps, the outbound sender, and the ticket lifecycle.
 */
export class TicketsService {
  /** In registration order. */
  private registered: InboundStep[] = []
  /** In running order. */
  private steps: InboundStep[] = []
  sender!: MessageSender
  lifecycle!: TicketLifecycle

  constructor(readonly app: FastifyInstance) {}

  /** The contact's active ticket on the connection (default connection when absent), or a new one; race-safe. */
  findOrOpen(companyId: number, input: FindOrOpenInput): Promise<{ ticket: Ticket; created: boolean }> {
    return findOrOpen(this.app, companyId, input)
  }

  /**
   * The one outbound path (agents, bots, campaigns, schedules, the external API, integrations): stores the message
   * on the ticket (queued), then a job sends it through the connection's driver with retries; acks and realtime
   * frames follow. Works on closed tickets too (completion and rating texts).
   */
  sendMessage(companyId: number, ticketId: number, input: EnqueueInput): Promise<Message> {
    return this.sender.enqueue(companyId, ticketId, input)
  }

  /** What bots read and write about a conversation besides messages (AI prompts). */
  readonly conversation = {
    /** The newest `limit` messages, oldest first. */
    recent: (companyId: number, ticketId: number, limit: number): Promise<ConversationMessage[]> => recentMessages(this.app, companyId, ticketId, limit),
    /** A note by the platform (no author) that agents see with the ticket's notes. */
    note: (companyId: number, ticketId: number, note: string): Promise<void> => addSystemNote(this.app, companyId, ticketId, note),
  }

  /** Who may see a ticket, defined once (visibility.ts; the lists and read models apply the same rule in SQL). */
  readonly visibility = {
    canSee: (auth: AuthContext, ticket: TicketScope): boolean => canSeeTicket(auth, ticket),
    audience: (ticket: TicketScope): RealtimeAudience => ticketAudience(ticket),
  }

  /** The activity read model reports draw from (counts by status, service cycles, ratings), one company at a time. */
  readonly activity = {
    countByStatus: (companyId: number, statuses: string[]): Promise<Record<string, number>> => countByStatus(this.app, companyId, statuses),
    /** Cycles whose `moment` is in the range, per user (null: nobody took them), timing `span` when given. */
    cyclesByUser: (companyId: number, moment: CycleMoment, span: CycleSpan | null, range: Range): Promise<Map<number | null, CycleSums>> =>
      cyclesByUser(this.app, companyId, moment, span, range),
    ratingsByUser: (companyId: number, range: Range): Promise<Map<number, number>> => ratingsByUser(this.app, companyId, range),
    /** Cycles started in the range per UTC slot of `slotMs` milliseconds. */
    cyclesPerSlot: (companyId: number, slotMs: number, range: Range): Promise<Array<{ slot: number; n: number }>> => cyclesPerSlot(this.app, companyId, slotMs, range),
    /** The contacts that have a ticket with this tag, by id (campaigns aimed at a tag). */
    contactIdsTagged: (companyId: number, tagId: number): Promise<number[]> => contactIdsTagged(this.app, companyId, tagId),
  }

  /** Read models of tickets for boards and reports (kanban): pages, one ticket, the visibility check. */
  readonly boards = {
    page: (auth: AuthContext, query: BoardQuery): Promise<{ tickets: BoardTicket[]; count: number }> => boardPage(this.app, auth, query),
    ticket: (companyId: number, ticketId: number): Promise<BoardTicket | undefined> => boardTicket(this.app, companyId, ticketId),
    /** 404 ERR_NO_TICKET_FOUND unless the caller may see the ticket; inside `trx` when given. */
    assertVisible: (auth: AuthContext, ticketId: number, trx?: Knex.Transaction): Promise<void> => assertVisible(this.app, auth, ticketId, trx),
  }

  /**
   * Adds an inbound step; names are unique. `order`, `before` and `after` decide when it runs (see step-order.ts);
   * a step that would close a circle of before/after is refused and not added.
   */
  addStep(step: InboundStep): void {
    if (this.steps.some((s) => s.name === step.name)) throw new Error(`inbound step "${step.name}" is already registered`)
    this.registered = [...this.registered, step]
    try {
      this.steps = orderSteps(this.registered)
    } catch (err) {
      this.registered = this.registered.slice(0, -1)
      throw err
    }
  }

  listSteps(): readonly InboundStep[] {
    return this.steps
  }
}
