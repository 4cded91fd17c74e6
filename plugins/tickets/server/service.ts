import type { FastifyInstance } from 'fastify'
import type { InboundStep } from './pipeline/steps.ts'
import { orderSteps } from './pipeline/step-order.ts'
import type { MessageSender } from './messages/sender.ts'
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
