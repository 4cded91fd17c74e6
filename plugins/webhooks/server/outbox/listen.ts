import type { FastifyInstance } from 'fastify'
import '@zapdesk/contacts/public'
import '@zapdesk/tickets/public'
import '@zapdesk/campaigns/public'
import '@zapdesk/billing/public'
import { writeOutbox } from './write.ts'

type Emit = (companyId: number, event: string, orderKey: string | null, data: () => Promise<Record<string, unknown> | null>) => Promise<void>

/**
 * Runs each key's work one after the other, in the order it was asked for. Handlers are called in the order events
 * were emitted, but each awaits its reads: without this, a ticket's message.created could reach the outbox (and get
 * the lower id the worker orders by) before the ticket.created emitted just before it.
 */
export function serialByKey(): (key: string | null, work: () => Promise<void>) => Promise<void> {
  const chains = new Map<string, Promise<void>>()
  return (key, work) => {
    if (key === null) return work()
    const next = (chains.get(key) ?? Promise.resolve()).then(work, work).finally(() => {
      if (chains.get(key) === next) chains.delete(key)
    })
    chains.set(key, next)
    return next
  }
}

/** The ticket and its contact as a receiver needs them, read through the tickets service. */
async function ticketData(app: FastifyInstance, companyId: number, ticketId: number) {
  return (await app.tickets.boards.ticket(companyId, ticketId)) ?? null
}

/** Which webhook events a ticket update is (a transfer that also accepts is both; a tag change is none). */
export function ticketUpdateEvents(previous: Record<string, unknown> | undefined, status: string): string[] {
  if (!previous) return []
  const events: string[] = []
  const was = previous.status as string | undefined
  if (was !== undefined && was !== status) {
    if (status === 'closed') events.push('ticket.closed')
    else if (was === 'closed') events.push('ticket.opened')
    else if (was === 'pending' && status === 'open') events.push('ticket.accepted')
  }
  if (status !== 'closed' && ('queueId' in previous || ('userId' in previous && was === undefined))) events.push('ticket.transferred')
  return events
}

/**
 * Subscribes to the platform's domain events (scope 'local': each is emitted once, on the instance that made it)
 * and writes an outbox row per endpoint that wants it. Data is read only when some endpoint wants the event, and
 * through the owning plugins' services. Deliveries of one ticket keep their order (key 't:<ticketId>'), as do those
 * of one contact.
 */
export function listenToDomainEvents(app: FastifyInstance): void {
  const serial = serialByKey()
  const emit: Emit = async (companyId, event, orderKey, data) => {
    const endpoints = await app.webhooks.subscribed(companyId, event)
    if (!endpoints.length) return
    const payload = await data()
    if (!payload) return
    await writeOutbox(app, companyId, endpoints, event, orderKey, payload)
    await app.webhooks.wake()
  }

  // Each handler queues its work on the ticket's (or contact's) key before its first await: see serialByKey.
  app.events.on('message.created', ({ companyId, ticketId, messageId }) => serial(`t:${ticketId}`, async () => {
    // The busiest event: nothing is read when no endpoint of the company wants messages.
    const wanted = await app.webhooks.subscribed(companyId, ['message.received', 'message.sent'])
    if (!wanted.length) return
    // One read decides whether it was received or sent; the newest messages hold the one just stored.
    const message = (await app.tickets.conversation.recent(companyId, ticketId, 50)).find((m) => m.id === messageId)
    if (!message) return
    const { mediaPath: _path, ...shown } = message
    await emit(companyId, message.fromMe ? 'message.sent' : 'message.received', `t:${ticketId}`, async () => {
      const ticket = await ticketData(app, companyId, ticketId)
      return ticket && { message: shown, ticket }
    })
  }))
  app.events.on('message.ack', async ({ companyId, whatsappId, externalId, chatJid, ack }) => {
    await emit(companyId, 'message.acked', null, async () => ({ whatsappId, externalId, chatJid, ack }))
  })
  app.events.on('ticket.created', ({ companyId, ticketId }) => serial(`t:${ticketId}`, async () => {
    await emit(companyId, 'ticket.opened', `t:${ticketId}`, async () => {
      const ticket = await ticketData(app, companyId, ticketId)
      return ticket && { ticket }
    })
  }))
  app.events.on('ticket.updated', ({ companyId, ticketId, previous }) => serial(`t:${ticketId}`, async () => {
    if (!previous || !['status', 'queueId', 'userId'].some((k) => k in previous)) return
    const ticket = await ticketData(app, companyId, ticketId)
    if (!ticket) return
    const { status: was, queueId, userId } = previous as { status?: string; queueId?: number | null; userId?: number | null }
    const before = { ...(was !== undefined ? { status: was } : {}), ...('queueId' in previous ? { queueId } : {}), ...('userId' in previous ? { userId } : {}) }
    for (const event of ticketUpdateEvents(previous, ticket.status)) {
      await emit(companyId, event, `t:${ticketId}`, async () => ({ ticket, previous: before }))
    }
  }))
  // Optional plugins' events carry what a receiver needs: nothing of theirs is read here.
  app.events.on('campaign.finished', async ({ companyId, ...campaign }) => {
    await emit(companyId, 'campaign.finished', `k:${campaign.campaignId}`, async () => ({ campaign }))
  })
  app.events.on('payment.received', async ({ companyId, ...payment }) => {
    await emit(companyId, 'payment.received', null, async () => ({ payment }))
  })
  for (const event of ['contact.created', 'contact.updated'] as const) {
    app.events.on(event, ({ companyId, contactId }) => serial(`c:${contactId}`, async () => {
      await emit(companyId, event, `c:${contactId}`, async () => {
        const contact = await app.contacts.find(companyId, contactId)
        return contact ? { contact } : null
      })
    }))
  }
}
