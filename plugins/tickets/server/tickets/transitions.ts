import { AppError } from '@zapdesk/plugin-api'
import type { Ticket, TicketStatus } from '../models.ts'

/** What PUT /tickets/:id (and the lifecycle's named operations) may change. `undefined` leaves a field alone. */
export interface TicketChange {
  status?: TicketStatus
  userId?: number | null
  queueId?: number | null
  whatsappId?: number
  useIntegration?: boolean
  promptId?: number | null
  integrationId?: number | null
}

/** Who acts: an agent (their id and queues) or the system (pipeline, sweeps: userId null). */
export interface Actor {
  userId: number | null
  queueIds: number[]
  isAdmin: boolean
}

export type TransitionKind = 'accept' | 'return' | 'close' | 'reopen' | 'transfer' | 'edit'

export type TicketPatch = Partial<Pick<Ticket, 'status' | 'active' | 'userId' | 'queueId' | 'whatsappId' | 'useIntegration' | 'promptId' |
  'integrationId' | 'chatbot' | 'transferAt' | 'queueOptionId' | 'awaitingRating'>>

export interface Transition {
  kind: TransitionKind
  /** Only the fields whose value changes. */
  patch: TicketPatch
  /** The service-cycle step to record (server/cycles.ts). */
  cycle: 'start' | 'accept' | 'finish' | null
  /** Which automatic message the transfer calls for, when the company sends them. */
  transferredTo: 'user' | 'queue' | null
}

type State = Pick<Ticket, 'status' | 'userId' | 'queueId' | 'whatsappId' | 'useIntegration' | 'promptId' | 'integrationId' | 'chatbot' | 'transferAt' | 'queueOptionId' | 'awaitingRating'>

/**
 * The queue of a reopened ticket: the spec sets "user and queue to the current user's". The ticket keeps its queue
 * when the agent works in it (or is an admin, who works in every queue); otherwise it moves to the agent's first
 * queue; an agent without queues (or the system) leaves it where it was.
 */
function reopenQueue(current: State, actor: Actor): number | null {
  if (current.queueId !== null && (actor.isAdmin || actor.queueIds.includes(current.queueId))) return current.queueId
  return actor.queueIds[0] ?? current.queueId
}

/**
 * Decides the transition a change makes from the ticket's current state (core.md section 4). Pure, so every rule
 * has a unit test; the lifecycle runs it on the row it locked, so two agents acting at once see each other's result.
 */
export function planTransition(current: State, change: TicketChange, actor: Actor): Transition {
  const target = change.status ?? current.status
  const next: State = { ...current }
  let kind: TransitionKind = 'edit'
  let cycle: Transition['cycle'] = null
  let transferredTo: Transition['transferredTo'] = null

  if (current.status === 'closed') {
    if (target !== 'closed') {
      kind = 'reopen'
      cycle = 'start'
      next.status = target
      next.userId = target === 'open' ? (change.userId ?? actor.userId) : (change.userId ?? null)
      next.queueId = change.queueId !== undefined ? change.queueId : reopenQueue(current, actor)
      next.awaitingRating = false
    }
  } else if (target === 'closed') {
    kind = 'close'
    cycle = 'finish'
    // The user is kept (the one who closes a ticket nobody held becomes its user); integrations and prompts are
    // dropped with the bot state, so a reopened ticket starts clean.
    Object.assign(next, { status: 'closed', userId: current.userId ?? actor.userId, useIntegration: false, promptId: null, integrationId: null, chatbot: false, transferAt: null, queueOptionId: null })
  } else {
    const queueChanged = change.queueId !== undefined && change.queueId !== current.queueId
    next.queueId = change.queueId !== undefined ? change.queueId : current.queueId
    if (current.status === 'pending' && target === 'open') {
      // Taking it oneself is an accept; opening it for someone else hands it over (a transfer, with its notice).
      kind = change.userId == null || change.userId === actor.userId ? 'accept' : 'transfer'
      cycle = 'accept'
      next.status = 'open'
      next.userId = change.userId ?? actor.userId
    } else if (target === 'pending') {
      // Return (open -> pending) clears the user; a pending ticket may still be handed to a named user.
      kind = current.status === 'open' ? 'return' : 'edit'
      next.status = 'pending'
      next.userId = change.userId ?? null
    } else if (queueChanged && !change.userId) {
      // A queue without a user: the ticket waits in that queue (spec: transfer sets pending, user cleared).
      next.status = 'pending'
      next.userId = null
    } else if (change.userId !== undefined) {
      next.userId = change.userId
      if (next.userId === null) next.status = 'pending'
    }
    if (kind !== 'accept' && (queueChanged || (next.userId !== null && next.userId !== current.userId))) {
      kind = 'transfer'
      transferredTo = next.userId !== null && next.userId !== current.userId ? 'user' : 'queue'
    }
    if (kind === 'transfer' && next.status === 'open') cycle = 'accept'
    if (next.userId !== null && next.status === 'open') next.chatbot = false
    if (queueChanged) next.transferAt = null
  }
  if (target !== 'closed') {
    if (change.useIntegration !== undefined) next.useIntegration = change.useIntegration
    if (change.promptId !== undefined) next.promptId = change.promptId
    if (change.integrationId !== undefined) next.integrationId = change.integrationId
  }
  if (change.whatsappId !== undefined) next.whatsappId = change.whatsappId
  if (kind === 'edit' && current.status === 'open' && next.status === 'pending') kind = 'return'
  // Accepting or reopening with no one to hold the ticket (a system actor naming no user) would leave it open
  // and unassigned: no list shows that.
  if (next.status === 'open' && next.userId === null) {
    throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/userId', message: 'an open ticket needs a user' }])
  }

  const patch: TicketPatch = {}
  for (const key of Object.keys(next) as Array<keyof State>) {
    if (next[key] !== current[key]) (patch as Record<string, unknown>)[key] = next[key]
  }
  if (patch.status !== undefined) patch.active = patch.status === 'closed' ? null : 1
  return { kind, patch, cycle, transferredTo }
}
