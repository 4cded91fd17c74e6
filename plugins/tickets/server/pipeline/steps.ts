/**
 * The inbound step contract: after an inbound message is stored (contact, message, ticket), the pipeline runs the
 * registered steps in `order`, lowest first. Built-in steps (see README.md) use orders 100-900 in steps of 100 so
 * other plugins (integrations, AI prompts) can slot in between, e.g. order 450.
 */
import type { FastifyInstance } from 'fastify'
import type { InboundMessage } from '@zapdesk/connections/public'
import type { Message, Ticket } from '../models.ts'

export interface InboundContext {
  readonly app: FastifyInstance
  readonly companyId: number
  readonly whatsappId: number
  /** The connection's row (greeting, texts, timers...) as the connections plugin answers it (`app.connections`). */
  readonly whatsapp: Record<string, unknown> & { id: number; name: string }
  /** The connection's menu offers queues (it has queues linked): without, a step need not ask which. */
  readonly offersQueues: boolean
  /** The normalized event from the channel driver. */
  readonly event: InboundMessage
  /** The ticket after the message was stored; steps that change it must reload or update it themselves. */
  ticket: Ticket
  readonly message: Message
  readonly contact: { id: number; name: string; number: string | null; isGroup: boolean }
  /** The ticket was created by this message. */
  readonly ticketCreated: boolean
  /** The contact was created by this message: it had no tickets before (absent: not known). */
  readonly contactCreated?: boolean
  /** The company's settings (with defaults). */
  readonly settings: Record<string, string>
}

/** 'stop' ends the pipeline for this message (e.g. the message answered a rating); 'next' goes on. */
export type StepResult = 'next' | 'stop'

export interface InboundStep {
  /** Unique name, e.g. 'rating', 'out-of-hours', 'integrations:typebot'. */
  name: string
  /**
   * Position among the steps, lowest first (built-ins: 100 group-filter, 200 rating, 300 out-of-hours, 400
   * queue-menu). Optional with `before`/`after`: the step then sits right next to the steps it names.
   */
  order?: number
  /** Names of steps this one must run before (a name no plugin registered is ignored: that plugin may be absent). */
  before?: string[]
  /** Names of steps this one must run after (same rule). */
  after?: string[]
  /** Skipped for messages the agent sent from the phone (fromMe) unless true. */
  runOnFromMe?: boolean
  run(ctx: InboundContext): Promise<StepResult | void>
}
