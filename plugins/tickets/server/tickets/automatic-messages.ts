import type { FastifyInstance } from 'fastify'
import type { Ticket } from '../models.ts'
import type { Transition } from './transitions.ts'
import { automaticTextsIn } from '../automatic-texts.ts'

/** The connection's automatic texts (the connections plugin's `whatsapps` row). */
export interface ConnectionTexts {
  complationMessage: string | null
  ratingMessage: string | null
}

const filled = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== ''

/**
 * Whether closing asks the contact for a rating: the company turned userRating on, the connection has a rating
 * message, someone served the ticket (the rating is theirs) and it is not a group. Decided inside the closing
 * transaction, since it sets `awaitingRating`.
 */
export function asksRating(settings: Record<string, string>, texts: ConnectionTexts | null, ticket: Pick<Ticket, 'userId' | 'isGroup'>): boolean {
  return settings.userRating === 'enabled' && filled(texts?.ratingMessage) && ticket.userId !== null && !ticket.isGroup
}

export interface AfterChange {
  ticket: Ticket
  transition: Transition
  settings: Record<string, string>
  /** 'resolved' (an agent closed it) sends the closing texts; other reasons (expired, ...) close quietly. */
  reason: string
}

/**
 * The texts a committed transition sends to the contact (never to groups, where a bot line reaches everyone):
 * the accepting agent's greeting, the rating request or the completion message on close, the transfer notice; the
 * platform's own words in the company's language.
 */
export async function automaticTexts(app: FastifyInstance, companyId: number, c: AfterChange): Promise<string[]> {
  const { ticket, transition, settings } = c
  if (ticket.isGroup) return []
  const wanted = (transition.kind === 'accept' && settings.sendGreetingAccepted === 'enabled')
    || (transition.kind === 'close' && c.reason === 'resolved')
    || (transition.transferredTo !== null && settings.sendMsgTransfTicket === 'enabled')
  if (!wanted) return []
  // the sender fills in the variables of each text (outbound-text.ts)
  const texts = ticket.whatsappId === null ? undefined : await (app.connections.row(companyId, ticket.whatsappId) as Promise<ConnectionTexts | undefined>)
  const words = automaticTextsIn(settings)
  let agent: Promise<string | undefined> | undefined
  const agentName = () => (agent ??= ticket.userId === null ? Promise.resolve(undefined)
    : app.knex('users').where({ companyId, id: ticket.userId }).first('name').then((u) => u?.name as string | undefined))
  const out: string[] = []
  // The connection's greeting is what the bot says to a new contact (often the queue menu's header): on accept the
  // agent introduces themself instead.
  if (transition.kind === 'accept' && settings.sendGreetingAccepted === 'enabled') {
    const agent = await agentName()
    if (agent) out.push(words.acceptedGreeting(agent))
  }
  if (transition.kind === 'close' && c.reason === 'resolved') {
    if (ticket.awaitingRating && filled(texts?.ratingMessage)) out.push(`${texts.ratingMessage}\n\n${words.ratingScale}`)
    else if (filled(texts?.complationMessage)) out.push(texts.complationMessage)
  }
  if (transition.transferredTo === 'user' && ticket.userId !== null && settings.sendMsgTransfTicket === 'enabled') {
    const agent = await agentName()
    if (agent) out.push(words.transferredToAgent(agent))
  } else if (transition.transferredTo === 'queue' && ticket.queueId !== null && settings.sendMsgTransfTicket === 'enabled') {
    const queue = (await app.queues.describe(companyId, [ticket.queueId])).get(ticket.queueId)
    if (queue) out.push(words.transferredToQueue(queue.name))
  }
  return out
}

/**
 * Sends a committed transition's texts through the outbound sender (stored, queued, retried; a failure shows on
 * the message). A failure to enqueue is logged: the ticket already changed and the agent's action stands.
 */
export async function sendAutomaticTexts(app: FastifyInstance, companyId: number, c: AfterChange): Promise<void> {
  try {
    for (const body of await automaticTexts(app, companyId, c)) await app.tickets.sender.enqueue(companyId, c.ticket.id, { body })
  } catch (err) {
    app.log.error({ err, companyId, ticketId: c.ticket.id }, 'automatic ticket message not sent')
  }
}
