import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { randomUUID } from 'node:crypto'
import { isUniqueViolation } from '../../../../core/plugin-api/index.ts'
import { Message, type Ticket } from '../models.ts'
import { wordsOf } from '../search-words.ts'
import { locked, ticketOf } from './active-ticket.ts'
import { inTransaction, RetryTransaction } from './retry.ts'
import type { StoreInput, Stored } from './store.ts'

/** The group commit's write: storeMessage for many text messages in one transaction. */

/** `(a = ? and b = ?) or (...)`: a lookup by a composite key, which every database answers from its index. */
export function whereKeys<Q extends Knex.QueryBuilder>(query: Q, keys: Array<Record<string, unknown>>): Q {
  return query.where((q) => {
    for (const k of keys) q.orWhere(k)
  }) as Q
}

/**
 * A multi-row insert and the ids of its rows, in order: SQLite returns them (RETURNING, mapped by the unique key:
 * its row order is not promised); MySQL/MariaDB derives them from the first id when its auto-increment lock mode
 * makes them consecutive, else reads them back by the unique key (its own inserts are visible to the transaction).
 */
async function insertIds(app: FastifyInstance, trx: Knex.Transaction, table: string, rows: Array<Record<string, unknown>>, keyCols: string[], where: Record<string, unknown> = {}): Promise<number[]> {
  const keyOf = (r: Record<string, unknown>) => keyCols.map((c) => String(r[c])).join('\u0000')
  let back: Array<Record<string, unknown>>
  if (app.dialect === 'mysql') {
    const step = await consecutiveStep(app)
    const [first] = await trx(table).insert(rows)
    // InnoDB's "consecutive" (and "traditional") auto-increment lock modes give the rows of one multi-row INSERT
    // consecutive ids (by auto_increment_increment), the first of which the server reports.
    if (step !== null && rows.length > 0) return rows.map((_, n) => Number(first) + n * step)
    back = await whereKeys(trx(table), rows.map((r) => Object.fromEntries(keyCols.map((c) => [c, r[c]])))).where(where).select('id', ...keyCols)
  } else {
    back = await trx(table).insert(rows).returning(['id', ...keyCols])
  }
  const ids = new Map(back.map((r) => [keyOf(r), Number(r.id)]))
  return rows.map((r) => {
    const id = ids.get(keyOf(r))
    if (id === undefined) throw new Error(`group commit: an inserted ${table} row was not found`)
    return id
  })
}

const autoIncrement = new WeakMap<FastifyInstance, Promise<number | null>>()

/**
 * On MySQL/MariaDB: the step between the ids of one multi-row INSERT when the server's auto-increment lock mode
 * makes them consecutive (innodb_autoinc_lock_mode 0 or 1), else null (the ids are read back by their unique key).
 */
function consecutiveStep(app: FastifyInstance): Promise<number | null> {
  let step = autoIncrement.get(app)
  if (!step) {
    step = app.knex.raw('select @@innodb_autoinc_lock_mode as mode, @@auto_increment_increment as inc').then((res: unknown) => {
      const [row] = (res as Array<Array<{ mode: unknown; inc: unknown }>>)[0]
      return Number(row.mode) <= 1 && Number(row.inc) >= 1 ? Number(row.inc) : null
    }, () => null)
    autoIncrement.set(app, step)
  }
  return step
}

const ticketKey = (i: { companyId: number; contactId: number; whatsappId: number }) => `${i.companyId}:${i.contactId}:${i.whatsappId}`
const SEARCH_WORDS_CHUNK = 500

/**
 * storeMessage for a batch, in one transaction, with the same guarantees: redeliveries (of stored messages, or
 * twice in the batch) are recognized and stored once (the unique index stays the guard: a message stored
 * meanwhile by another writer fails the insert, and the rerun recognizes it); each contact's active ticket is
 * locked (MariaDB) before anything is written, or opened (the unique index decides between concurrent openers:
 * the loser reruns and finds the winner's); the messages are inserted in arrival order. Answers, per input, what
 * storeMessage would have answered had the inputs been stored one after the other: each message's ticket as it
 * stood after that message, and its previous values. Inputs are text messages of 1:1 chats that answer no rating.
 */
export async function storeBatch(app: FastifyInstance, inputs: StoreInput[], beforeCommit?: () => void | Promise<void>): Promise<Stored[]> {
  return inTransaction(app, async (trx, attempt) => {
    const now = new Date().toISOString()
    const at = new Date(now)
    const out: Stored[] = new Array(inputs.length)
    const msgKey = (i: { companyId: number; whatsappId: number; externalId: string | null }) => `${i.companyId}:${i.whatsappId}:${i.externalId}`
    const triples = [...new Map(inputs.map((i) => [msgKey({ ...i, externalId: i.fields.externalId }), { companyId: i.companyId, whatsappId: i.whatsappId, externalId: i.fields.externalId }])).values()]
    const already: Array<{ companyId: number; whatsappId: number; externalId: string | null }> = await whereKeys(trx('messages'), triples).select('companyId', 'whatsappId', 'externalId')
    const seen = new Set(already.map(msgKey))
    const todo: number[] = []
    inputs.forEach((input, i) => {
      const k = msgKey({ ...input, externalId: input.fields.externalId })
      if (seen.has(k)) out[i] = { duplicate: true }
      else {
        seen.add(k)
        todo.push(i)
      }
    })
    if (!todo.length) return out

    // The messages of each ticket key, in arrival order.
    const groups = new Map<string, number[]>()
    for (const i of todo) {
      const k = ticketKey(inputs[i])
      groups.set(k, [...(groups.get(k) ?? []), i])
    }
    // A contact created for its message has no ticket yet (on a rerun, to be sure, it looks).
    const look = [...groups].filter(([, idx]) => attempt > 1 || idx.some((i) => !inputs[i].contactCreated)).map(([, idx]) => inputs[idx[0]])
    const rows: Array<Record<string, unknown>> = look.length
      ? await locked(app, whereKeys(trx('tickets'), look.map(({ companyId, contactId, whatsappId }) => ({ companyId, contactId, whatsappId }))).where({ active: 1 }))
      : []
    const tickets = new Map<string, Ticket>()
    for (const row of rows) {
      const t = ticketOf(app, row)
      tickets.set(ticketKey({ companyId: t.companyId, contactId: t.contactId, whatsappId: Number(t.whatsappId) }), t)
    }

    // Tickets to open, written with their last-message fields as they stand after the batch.
    const opened = new Map<string, Ticket>()
    const toOpen = [...groups].filter(([k]) => !tickets.has(k))
    if (toOpen.length) {
      const ticketRows = toOpen.map(([, idx]) => {
        const first = inputs[idx[0]]
        const last = inputs[idx[idx.length - 1]]
        return {
          companyId: first.companyId, uuid: randomUUID(), status: 'pending', active: 1, contactId: first.contactId, whatsappId: first.whatsappId, userId: null, queueId: null,
          lastMessage: last.preview, lastMessageAt: at, unreadMessages: idx.filter((i) => !inputs[i].fields.fromMe).length,
          isGroup: first.isGroup, chatbot: !first.fields.fromMe && !first.isGroup && first.botStarts, queueOptionId: null, amountUsedBotQueues: 0, botStartedAt: null,
          awaitingRating: false, transferAt: null, outOfHoursAt: null, useIntegration: false, integrationId: null, promptId: null, createdAt: at, updatedAt: at,
        }
      })
      let ids: number[]
      try {
        ids = await insertIds(app, trx, 'tickets', ticketRows, ['companyId', 'contactId', 'whatsappId'], { active: 1 })
      } catch (err) {
        if (isUniqueViolation(err)) throw new RetryTransaction('a concurrent message opened a ticket')
        throw err
      }
      await trx('ticketCycles').insert(ticketRows.map((r, n) => ({
        companyId: r.companyId, ticketId: ids[n], whatsappId: r.whatsappId, queueId: null, userId: null,
        startedAt: at, acceptedAt: null, finishedAt: null, createdAt: at, updatedAt: at,
      })))
      toOpen.forEach(([k, idx], n) => {
        // The ticket as its first message left it (what that message's events and frames show).
        const first = inputs[idx[0]]
        opened.set(k, ticketOf(app, { ...ticketRows[n], id: ids[n], lastMessage: first.preview, unreadMessages: first.fields.fromMe ? 0 : 1 }))
      })
    }
    const ticketIdOf = (i: number) => (tickets.get(ticketKey(inputs[i])) ?? opened.get(ticketKey(inputs[i])))!.id

    // Plain knex on the hot path, every column given (the model is the whole row), in arrival order.
    const messageRows = todo.map((i) => {
      const { fields, companyId, whatsappId } = inputs[i]
      return {
        ...fields, companyId, createdAt: new Date(fields.createdAt), updatedAt: at, ticketId: ticketIdOf(i), whatsappId,
        read: fields.fromMe, ack: 0, isDeleted: false, isEdited: false, userId: null, sendStatus: null, sendError: null, sendAttempts: 0,
      }
    })
    let messageIds: number[]
    try {
      messageIds = await insertIds(app, trx, 'messages', messageRows, ['companyId', 'whatsappId', 'externalId'])
    } catch (err) {
      // Stored meanwhile by another writer: the rerun recognizes it as a redelivery.
      if (isUniqueViolation(err)) throw new RetryTransaction('a message of the batch was stored meanwhile')
      throw err
    }

    // One update per existing ticket: its last message, and the unread count by the batch's inbound messages.
    for (const [k, idx] of groups) {
      const ticket = tickets.get(k)
      if (!ticket) continue
      const last = inputs[idx[idx.length - 1]]
      const unread = ticket.status !== 'closed' ? idx.filter((i) => !inputs[i].fields.fromMe).length : 0
      await trx('tickets').where({ companyId: ticket.companyId, id: ticket.id }).update({
        lastMessage: last.preview, lastMessageAt: at, updatedAt: at,
        ...(unread ? { unreadMessages: trx.raw('unread_messages + ?', [unread]) } : {}),
      })
    }

    // The search words of the whole batch, once each.
    const words = new Map<string, { companyId: number; word: string; ticketId: number }>()
    for (const i of todo) {
      if (!inputs[i].searchText) continue
      const ticketId = ticketIdOf(i)
      for (const word of wordsOf(inputs[i].searchText)) words.set(`${inputs[i].companyId}:${ticketId}:${word}`, { companyId: inputs[i].companyId, word, ticketId })
    }
    const wordRows = [...words.values()]
    for (let n = 0; n < wordRows.length; n += SEARCH_WORDS_CHUNK) {
      await trx('ticketSearchWords').insert(wordRows.slice(n, n + SEARCH_WORDS_CHUNK)).onConflict(['companyId', 'word', 'ticketId']).ignore()
    }

    // What each message would have got alone: the ticket after it, and the values it replaced.
    const state = new Map<string, Ticket>()
    todo.forEach((i, n) => {
      const input = inputs[i]
      const k = ticketKey(input)
      const message = app.bind(Message).fromDatabaseJson({ ...messageRows[n], id: messageIds[n] })
      const inbound = !input.fields.fromMe
      const before = state.get(k)
      if (!before && opened.has(k)) {
        const ticket = opened.get(k)!
        state.set(k, ticket)
        out[i] = { duplicate: false, message, ticket, ticketCreated: true, previous: {}, unreadChanged: inbound }
        return
      }
      const ticket = before ?? tickets.get(k)!
      const unreadChanged = inbound && ticket.status !== 'closed'
      const previous = { lastMessage: ticket.lastMessage, lastMessageAt: ticket.lastMessageAt, ...(unreadChanged ? { unreadMessages: ticket.unreadMessages } : {}) }
      const fresh = ticket.$clone().$set({ lastMessage: input.preview, lastMessageAt: now, updatedAt: now, unreadMessages: ticket.unreadMessages + (unreadChanged ? 1 : 0) })
      state.set(k, fresh)
      out[i] = { duplicate: false, message, ticket: fresh, ticketCreated: false, previous, unreadChanged }
    })
    await beforeCommit?.()
    return out
  })
}
