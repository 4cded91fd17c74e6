import type { FastifyInstance } from 'fastify'
import type { MessageRef } from '@zapdesk/connections/public'
import type { Ticket } from '../models.ts'
import { loadContactJid } from './recipient.ts'

/** What reading a ticket needs of it. */
type ReadableTicket = Pick<Ticket, 'id' | 'contactId' | 'whatsappId'> & { unreadMessages: number | string | null }

/**
 * The channel is told about the newest unread messages only: WhatsApp shows the chat as read from its latest
 * message, and a group with thousands unread must not turn into thousands of receipts.
 */
const MAX_RECEIPTS = 50

interface UnreadRow {
  id: number
  externalId: string | null
  participant: string | null
  whatsappId: number | null
}

/**
 * An agent opened the ticket: its inbound messages become read, its unread counter is recounted (a message that
 * arrives meanwhile stays unread), and the channel gets read receipts. Only here, on demand: nothing is marked read
 * when it arrives. The receipts are best effort and not awaited: a session that is down must not fail the request.
 * Answers the ticket's unread counter as it is now (its recount, or the one it had when nothing was to be read).
 */
export async function readTicket(app: FastifyInstance, companyId: number, ticket: ReadableTicket): Promise<number> {
  const unread = (await app.knex('messages').where({ companyId, ticketId: ticket.id, fromMe: false, read: false })
    .orderBy('id').select('id', 'externalId', 'participant', 'whatsappId')) as UnreadRow[]
  if (!unread.length && Number(ticket.unreadMessages) === 0) return 0
  const unreadMessages = await app.knex.transaction(async (trx) => {
    if (unread.length) await trx('messages').whereIn('id', unread.map((m) => m.id)).update({ read: true })
    const [{ n }] = (await trx('messages').where({ companyId, ticketId: ticket.id, fromMe: false, read: false }).count({ n: '*' })) as Array<{ n: number | string }>
    // Plain knex: reading a ticket must not touch its updatedAt (the list is ordered by it).
    await trx('tickets').where({ companyId, id: ticket.id }).update({ unreadMessages: Number(n) })
    return Number(n)
  })
  app.events.emit('ticket.unreadChanged', { companyId, ticketId: ticket.id, unreadMessages })
  void sendReceipts(app, companyId, ticket, unread.slice(-MAX_RECEIPTS))
  return unreadMessages
}

async function sendReceipts(app: FastifyInstance, companyId: number, ticket: ReadableTicket, rows: UnreadRow[]): Promise<void> {
  try {
    const chatJid = await loadContactJid(app, companyId, ticket.contactId)
    if (!chatJid) return
    const byConnection = new Map<number, MessageRef[]>()
    for (const m of rows) {
      const whatsappId = m.whatsappId ?? ticket.whatsappId
      if (!m.externalId || !whatsappId) continue
      const refs = byConnection.get(whatsappId) ?? []
      refs.push({ externalId: m.externalId, chatJid, fromMe: false, ...(m.participant ? { participant: m.participant } : {}) })
      byConnection.set(whatsappId, refs)
    }
    for (const [whatsappId, refs] of byConnection) await app.channels.markRead(companyId, whatsappId, refs)
  } catch (err) {
    app.log.warn({ err, companyId, ticketId: ticket.id }, 'read receipts failed (messages stay read here)')
  }
}
