import type { FastifyInstance } from 'fastify'
import type { InboundStep } from './pipeline/steps.ts'
import type { MessageSender } from './messages/sender.ts'
import type { TicketLifecycle } from './tickets/lifecycle.ts'

/**
 * `app.tickets`: what other plugins use from the tickets plugin (see README.md). The parts are set by the plugin's
 * setup: the inbound pipeline's steps, the outbound sender, and the ticket lifecycle.
 */
export class TicketsService {
  private steps: InboundStep[] = []
  sender!: MessageSender
  lifecycle!: TicketLifecycle

  constructor(readonly app: FastifyInstance) {}

  /** Adds an inbound step; names are unique, order decides when it runs (ties keep registration order). */
  addStep(step: InboundStep): void {
    if (this.steps.some((s) => s.name === step.name)) throw new Error(`inbound step "${step.name}" is already registered`)
    this.steps = [...this.steps, step].sort((a, b) => a.order - b.order)
  }

  listSteps(): readonly InboundStep[] {
    return this.steps
  }
}
