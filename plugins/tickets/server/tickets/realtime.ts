import type { FastifyInstance } from 'fastify'
import type { AuthContext, RealtimeAudience } from '@zapdesk/plugin-api'
import { Ticket } from '../models.ts'
import { canSeeTicket, ticketAudience, type TicketScope } from '../visibility.ts'
import { loadMessageJson } from '../messages/serialize.ts'
import { loadTicketJson } from './serialize.ts'
import { frameData, frameKey } from './frame-data.ts'

/**
 * Both audiences in one: after a transfer the ticket's old queue (and old agent) must hear of it too, so a list that
 * has to drop the ticket does. One publish, so a socket in both audiences gets the frame once.
 */
export function unionAudience(a: TicketScope, b: TicketScope): RealtimeAudience {
  const [x, y] = [ticketAudience(a), ticketAudience(b)]
  const users = [...new Set([...(x.queueBypassUserIds ?? []), ...(y.queueBypassUserIds ?? [])])]
  return {
    queueIds: [...new Set([...x.queueIds ?? [], ...y.queueIds ?? []])],
    ...(users.length ? { queueBypassUserIds: users } : {}),
    ...(x.withoutQueue || y.withoutQueue ? { withoutQueue: true } : {}),
  }
}

function publish(app: FastifyInstance, companyId: number, topic: 'ticket' | 'appMessage', data: unknown, now: TicketScope, before: TicketScope = now): void {
  app.realtime.publish({ companyId, topic, data, audience: unionAudience(now, before) })
}

/** The old values of the fields that decide the audience, from a ticket.updated `previous`. */
function previousScope(now: TicketScope, previous: Record<string, unknown> | undefined): TicketScope {
  const pick = <K extends keyof TicketScope>(k: K) => (previous && k in previous ? previous[k] as TicketScope[K] : now[k])
  return { queueId: pick('queueId'), userId: pick('userId') }
}

/**
 * The `ticket` and `appMessage` frames, published from the domain events only, whoever changed the ticket (agents,
 * pipeline, bots, sweeps), to the sockets that may see it (server/visibility.ts). Subscribed locally: the hub
 * carries each frame to the other instances itself.
 */
export function setupTicketsRealtime(app: FastifyInstance): void {
  const frames = frameData(app)
  // The events of one change share one read of the ticket (and take what the emitter offered): see frame-data.ts.
  const ticketJson = (companyId: number, ticketId: number) =>
    frames.tickets.getOrLoad(frameKey(companyId, ticketId), () => loadTicketJson(app, companyId, ticketId))
  const messageJson = (companyId: number, messageId: number) =>
    frames.messages.getOrLoad(frameKey(companyId, messageId), () => loadMessageJson(app, companyId, messageId))

  const onTicket = async ({ companyId, ticketId, previous }: { companyId: number; ticketId: number; previous?: Record<string, unknown> }) => {
    const ticket = await ticketJson(companyId, ticketId)
    if (!ticket) return
    const before = previousScope(ticket, previous)
    // A customer now waits in a queue (routed by the bot, or transferred): its agents are told so (the message that
    // got them there was sent while the ticket was outside their queue, so they never heard it).
    const joinedQueue = ticket.status === 'pending' && ticket.queueId !== null && before.queueId !== ticket.queueId
    publish(app, companyId, 'ticket', { action: 'update', ticket, ...(joinedQueue ? { joinedQueue: true } : {}) }, ticket, before)
  }
  app.events.on('ticket.created', onTicket)
  app.events.on('ticket.updated', onTicket)
  app.events.on('ticket.unreadChanged', async ({ companyId, ticketId }) => {
    // With the ticket's JSON at hand this tick (a stored message), its scope; alone (a ticket read), the two columns.
    const shared = frames.tickets.get(frameKey(companyId, ticketId))
    const ticket = shared
      ? await shared
      : await app.knex('tickets').where({ companyId, id: ticketId }).first('queueId', 'userId') as TicketScope | undefined
    if (ticket) publish(app, companyId, 'ticket', { action: 'updateUnread', ticketId }, { queueId: ticket.queueId, userId: ticket.userId })
  })
  app.events.on('ticket.deleted', ({ companyId, ticketId, queueId, userId }) =>
    publish(app, companyId, 'ticket', { action: 'delete', ticketId }, { queueId, userId }))

  const onMessage = (action: 'create' | 'update') => async ({ companyId, ticketId, messageId }: { companyId: number; ticketId: number; messageId: number }) => {
    const [message, ticket] = await Promise.all([messageJson(companyId, messageId), ticketJson(companyId, ticketId)])
    if (!message || !ticket) return
    publish(app, companyId, 'appMessage', { action, message, ticket, contact: ticket.contact }, ticket)
  }
  app.events.on('message.created', onMessage('create'))
  app.events.on('message.updated', onMessage('update'))
}

const TICKET_STATUSES = new Set(['open', 'pending', 'closed', 'group'])

/** The plugin's rooms (its manifest's `rooms`), with the spec's socket messages that join and leave them. */
export const ticketRooms = {
  /** tickets[:status]: the list frames of a status tab. */
  tickets: {
    authorize: (_auth: AuthContext, status: string | undefined) => status === undefined || TICKET_STATUSES.has(status),
    messages: { join: 'joinTickets', leave: 'leaveTickets', arg: 'status' },
  },
  /** chatBox:<ticketId>: the frames of one conversation. */
  chatBox: {
    authorize: (auth: AuthContext, ticketId: string | undefined, app: FastifyInstance) => mayJoinChatBox(app, auth, ticketId),
    messages: { join: 'joinChatBox', leave: 'leaveChatBox', arg: 'ticketId' },
  },
}

/** chatBox:<ticketId>: only a ticket of the caller's company that the caller may open. */
export async function mayJoinChatBox(app: FastifyInstance, auth: AuthContext, arg: string | undefined): Promise<boolean> {
  if (!arg || !/^\d{1,10}$/.test(arg) || Number(arg) > 2147483647) return false
  const ticket = await app.bind(Ticket).query().forCompany(auth.companyId).findById(Number(arg))
  return ticket !== undefined && canSeeTicket(auth, ticket)
}
