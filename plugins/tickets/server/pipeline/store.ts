import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { isUniqueViolation } from '@zapdesk/plugin-api'
import { Message, Ticket } from '../models.ts'
import { indexWords } from '../search-words.ts'
import { inTransaction } from './retry.ts'
import { lockActiveTicket, lockAwaitingRating, openTicket, type TicketKey } from './active-ticket.ts'
import { serializeTickets, type KnownRows } from '../tickets/serialize.ts'
import { serializeMessages } from '../messages/serialize.ts'
import { offerFrames } from '../tickets/frame-data.ts'
import type { ContactRow } from './chat-contacts.ts'

/** The columns of an inbound row the caller decides (content, direction, author). */
export type MessageFields = Pick<Message, 'externalId' | 'body' | 'fromMe' | 'mediaType' | 'mediaPath' | 'mediaName' | 'mediaMimetype' | 'quotedMsgId' | 'participant' | 'contactId' | 'raw'> & { createdAt: string }

export interface StoreInput extends TicketKey {
  isGroup: boolean
  /**
   * The contact was created for this message, so it has no ticket: the first attempt opens one without looking
   * (should a concurrent message of that contact open it first, the unique index makes the rerun look).
   */
  contactCreated?: boolean
  /** For a ticket this message opens: whether the bot (greeting, queue menu) talks first. */
  botStarts: boolean
  /** The message may answer a rating request: with no active ticket it goes to the closed ticket that asked. */
  ratingAnswer: boolean
  fields: MessageFields
  preview: string
  searchText: string
}

export type Stored =
  | { duplicate: true }
  | { duplicate: false; message: Message; ticket: Ticket; ticketCreated: boolean; previous: Record<string, unknown>; unreadChanged: boolean }

class Duplicate extends Error {}

/**
 * Stores one inbound message and its effect on the ticket in one transaction, in an order that keeps concurrent
 * deliveries safe: lock (or open) the ticket first, so writers of one ticket queue up on its row instead of
 * deadlocking over it; then insert the message, whose unique (company, connection, external id) turns a redelivery
 * into a rollback of everything (no row, no unread increment, no ticket); then bump the counters atomically. A
 * ticket the message opens is written with its last-message fields at once.
 */
export async function storeMessage(app: FastifyInstance, input: StoreInput): Promise<Stored> {
  const { companyId, whatsappId, fields } = input
  const inbound = !fields.fromMe
  try {
    return await inTransaction(app, async (trx, attempt) => {
      const now = new Date().toISOString()
      // A new contact has no ticket yet, active or awaiting a rating (a rating answer still looks, to be sure).
      const looks = !(input.contactCreated && attempt === 1 && !input.ratingAnswer)
      let ticket = looks ? await lockActiveTicket(app, trx, input) : undefined
      let ticketCreated = false
      if (!ticket && input.ratingAnswer) ticket = await lockAwaitingRating(app, trx, input)
      if (!ticket) {
        const first = { lastMessage: input.preview, lastMessageAt: now, unreadMessages: inbound ? 1 : 0 }
        ticket = await openTicket(app, trx, { ...input, first, chatbot: inbound && !input.isGroup && input.botStarts })
        ticketCreated = true
      }
      let message: Message
      try {
        // Plain knex on the hot path (see ticketOf): every column is given, so the model is the whole row.
        const row = {
          ...fields, companyId, createdAt: new Date(fields.createdAt), updatedAt: new Date(now), ticketId: ticket.id, whatsappId,
          read: fields.fromMe, ack: 0, isDeleted: false, isEdited: false, userId: null, sendStatus: null, sendError: null, sendAttempts: 0,
        }
        const [id] = await trx('messages').insert(row)
        message = app.bind(Message).fromDatabaseJson({ ...row, id: Number(id) })
      } catch (err) {
        if (isUniqueViolation(err)) throw new Duplicate()
        throw err
      }
      if (ticketCreated) {
        if (input.searchText) await indexWords(trx, companyId, ticket.id, input.searchText)
        return { duplicate: false as const, message, ticket, ticketCreated, previous: {}, unreadChanged: inbound }
      }
      // A closed ticket that only takes a rating answer keeps its unread count: nobody works on it.
      const unreadChanged = inbound && ticket.status !== 'closed'
      await trx('tickets').where({ companyId, id: ticket.id }).update({
        lastMessage: input.preview, lastMessageAt: new Date(now), updatedAt: new Date(now),
        ...(unreadChanged ? { unreadMessages: trx.raw('unread_messages + 1') } : {}),
      })
      if (input.searchText) await indexWords(trx, companyId, ticket.id, input.searchText)
      const previous = { lastMessage: ticket.lastMessage, lastMessageAt: ticket.lastMessageAt, ...(unreadChanged ? { unreadMessages: ticket.unreadMessages } : {}) }
      // The row is locked (or the only writer, on SQLite) since it was read: the increment made it exactly one more.
      const fresh = ticket.$clone().$set({ lastMessage: input.preview, lastMessageAt: now, updatedAt: now, unreadMessages: ticket.unreadMessages + (unreadChanged ? 1 : 0) })
      return { duplicate: false as const, message, ticket: fresh, ticketCreated, previous, unreadChanged }
    })
  } catch (err) {
    if (err instanceof Duplicate) return { duplicate: true }
    throw err
  }
}

/** What the caller of storeMessage holds for the realtime frames: the contact and author rows, the connection's name. */
export interface FrameRows {
  contacts: ContactRow[]
  whatsapp: { id: number; name: string }
  /** The ticket's tags, when the caller read them already (the group commit reads a batch's in one query). */
  tags?: Array<{ id: number; name: string; color: string }>
}

/**
 * Domain events of a stored message, after its transaction committed (realtime publishes from these). The ticket's
 * and the message's JSON are built from what the pipeline just wrote and read (the ticket row was locked, the
 * contact and connection rows are at hand), and offered to the realtime handlers of these events: only what the
 * pipeline does not hold is read (an existing ticket's tags, its agent's and queue's names).
 */
export function announceStored(app: FastifyInstance, companyId: number, stored: Extract<Stored, { duplicate: false }>, rows?: FrameRows): void {
  const { ticket, message } = stored
  if (rows) {
    const known: KnownRows = { contacts: rows.contacts, whatsapps: [rows.whatsapp], ...(stored.ticketCreated ? { tags: new Map([[ticket.id, []]]) } : rows.tags ? { tags: new Map([[ticket.id, rows.tags]]) } : {}) }
    offerFrames(app, companyId, {
      ticket: { id: ticket.id, json: serializeTickets(app, companyId, [ticket], known).then(([json]) => json) },
      message: { id: message.id, json: serializeMessages(app, companyId, [message], rows.contacts).then(([json]) => json) },
    })
  }
  if (stored.ticketCreated) app.events.emit('ticket.created', { companyId, ticketId: ticket.id })
  else app.events.emit('ticket.updated', { companyId, ticketId: ticket.id, previous: stored.previous })
  app.events.emit('message.created', { companyId, ticketId: ticket.id, messageId: message.id })
  if (stored.unreadChanged) app.events.emit('ticket.unreadChanged', { companyId, ticketId: ticket.id, unreadMessages: ticket.unreadMessages })
}

/**
 * Whether a message is stored already. The unique index is the guard against redeliveries; this lookup only pays
 * where refusing a redelivery late costs more than a query (a media message would download its file again).
 */
export async function isStored(app: FastifyInstance, companyId: number, whatsappId: number, externalId: string): Promise<boolean> {
  return (await app.knex('messages').where({ companyId, whatsappId, externalId }).first('id')) !== undefined
}
