import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { randomUUID } from 'node:crypto'
import { Message, type Ticket } from '../models.ts'
import { wordsOf } from '../search-words.ts'
import { ticketOf } from './active-ticket.ts'
import { consecutiveStep, runSql, sqlWriter, type ScriptSession, type SqlText } from '@zapdesk/plugin-api'
import { retryOnConflict, scriptWrites, writeStatements, type BatchRows, type TicketRef, type WrittenIds } from './batch-writes.ts'
import { inScriptTransaction, inStatementTransaction } from './retry.ts'
import type { StoreInput, Stored } from './store.ts'

/** The group commit's write: storeMessage for many text messages in one transaction. */

/** A message's identity: its company, connection and the channel's message id. */
export interface MessageKey {
  companyId: number
  whatsappId: number
  externalId: string | null
}

export const messageKey = (i: MessageKey) => `${i.companyId}:${i.whatsappId}:${i.externalId}`

const keyOfInput = (input: StoreInput): MessageKey => ({ companyId: input.companyId, whatsappId: input.whatsappId, externalId: input.fields.externalId })

/** The lookup of which of these messages are stored already (redeliveries). */
function storedKeysQuery(knex: Knex | Knex.Transaction, keys: MessageKey[]): SqlText {
  const unique = [...new Map(keys.map((k) => [messageKey(k), { companyId: k.companyId, whatsappId: k.whatsappId, externalId: k.externalId }])).values()]
  const sql = sqlWriter(knex)
  return sql.select('messages', ['companyId', 'whatsappId', 'externalId'], sql.anyOfKeys(unique))
}

/** Which of these messages are stored already (redeliveries), as messageKey strings: one query. */
export async function storedKeys(db: Knex | Knex.Transaction, keys: MessageKey[]): Promise<Set<string>> {
  if (!keys.length) return new Set()
  const rows: MessageKey[] = await runSql(db, storedKeysQuery(db, keys))
  return new Set(rows.map(messageKey))
}

/** The active tickets of these keys (locked for the transaction's rest on MariaDB). */
function activeTicketsQuery(app: FastifyInstance, keys: Array<Record<string, unknown>>): SqlText {
  const sql = sqlWriter(app.knex)
  return sql.select('tickets', '*', sql.anyOfKeys(keys), ` and ${sql.id('active')} = 1${app.dialect === 'mysql' ? ' for update' : ''}`)
}

const ticketKey = (i: { companyId: number; contactId: number; whatsappId: number }) => `${i.companyId}:${i.contactId}:${i.whatsappId}`

/** What storeBatch may be told and asked besides its inputs. */
export interface BatchOptions {
  /**
   * The keys (messageKey) of the inputs found stored before the batch began, read outside its transaction while
   * the batch was being prepared. The first attempt trusts them (a message stored since then fails the insert on
   * the unique index, and the rerun reads inside its transaction).
   */
  stored?: Set<string>
  /** Called with the batch's existing tickets once they are locked (again on each rerun). */
  onTickets?: (tickets: Ticket[]) => void
  /** Tests: runs inside the transaction right before it commits (a throw there rolls the batch back). */
  beforeCommit?: () => void | Promise<void>
}

/**
 * storeMessage for a batch, in one transaction, with the same guarantees: redeliveries (of stored messages, or
 * twice in the batch) are recognized and stored once (the unique index stays the guard: a message stored
 * meanwhile by another writer fails the insert, and the rerun recognizes it); each contact's active ticket is
 * locked (MariaDB) before anything is written, or opened (the unique index decides between concurrent openers:
 * the loser reruns and finds the winner's); the messages are inserted in arrival order. Answers, per input, what
 * storeMessage would have answered had the inputs been stored one after the other: each message's ticket as it
 * stood after that message, and its previous values. Inputs are text messages of 1:1 chats that answer no rating.
 * On MariaDB with consecutive ids the transaction takes two round trips: BEGIN with the ticket lookup, then every
 * write with COMMIT (batch-writes.ts); elsewhere it goes statement by statement.
 */
export async function storeBatch(app: FastifyInstance, inputs: StoreInput[], options: BatchOptions = {}): Promise<Stored[]> {
  const step = await consecutiveStep(app)
  const script = step !== null ? app.scriptKnex() : undefined
  if (script) return inScriptTransaction(script, (session, attempt) => scripted(app, script, session, inputs, options, step!, attempt))
  return inStatementTransaction(app, async (run, attempt) => {
    const stored = attempt === 1 && options.stored ? options.stored : await run<MessageKey[]>(storedKeysQuery(app.knex, inputs.map(keyOfInput)))
    const batch = new Batch(app, inputs, stored instanceof Set ? stored : new Set(stored.map(messageKey)))
    if (!batch.todo.length) return batch.out
    const keys = batch.lookupKeys(attempt)
    batch.found(keys.length ? await run(activeTicketsQuery(app, keys)) : [], options)
    const rows = batch.rows()
    const ids = await writeStatements(app, run, rows, batch.at)
    await options.beforeCommit?.()
    return batch.outcome(rows, ids)
  })
}

/**
 * The transaction on a script connection: BEGIN with the lookup of the batch's tickets, then every write with
 * COMMIT (one round trip for both when no ticket needs looking up). A rerun first reads which messages are stored.
 */
async function scripted(app: FastifyInstance, knex: Knex, session: ScriptSession, inputs: StoreInput[], options: BatchOptions, step: number, attempt: number): Promise<Stored[]> {
  let stored = attempt === 1 ? options.stored : undefined
  if (!stored) {
    const [rows] = await session.begin([storedKeysQuery(knex, inputs.map(keyOfInput))])
    stored = new Set((rows as MessageKey[]).map(messageKey))
  }
  const batch = new Batch(app, inputs, stored)
  if (!batch.todo.length) {
    if (session.open) await session.rollback()
    return batch.out
  }
  const keys = batch.lookupKeys(attempt)
  if (keys.length) {
    const lookup = [activeTicketsQuery(app, keys)]
    const [found] = session.open ? await session.run(lookup) : await session.begin(lookup)
    batch.found(found as Array<Record<string, unknown>>, options)
  } else batch.found([], options)
  const rows = batch.rows()
  const writes = scriptWrites(knex, rows, step, batch.at)
  let results: unknown[]
  try {
    if (options.beforeCommit) {
      // The tests' hook runs with the writes done and the transaction still open.
      results = session.open ? await session.run(writes.statements) : await session.begin(writes.statements)
      await options.beforeCommit()
      await session.commit([])
    } else {
      results = session.open ? await session.commit(writes.statements) : await session.transact(writes.statements)
    }
  } catch (err) {
    retryOnConflict(err)
  }
  return batch.outcome(rows, writes.ids(results))
}

/** One attempt at a batch: which inputs are new, their tickets, the rows to write, and what each message gets. */
class Batch {
  readonly now = new Date().toISOString()
  readonly at = new Date(this.now)
  readonly out: Stored[]
  readonly todo: number[] = []
  /** The messages of each ticket key, in arrival order. */
  readonly groups = new Map<string, number[]>()
  readonly tickets = new Map<string, Ticket>()
  private toOpen: Array<[string, number[]]> = []

  constructor(private app: FastifyInstance, private inputs: StoreInput[], stored: Set<string>) {
    this.out = new Array(inputs.length)
    const seen = new Set(stored)
    inputs.forEach((input, i) => {
      const k = messageKey(keyOfInput(input))
      if (seen.has(k)) this.out[i] = { duplicate: true }
      else {
        seen.add(k)
        this.todo.push(i)
      }
    })
    for (const i of this.todo) {
      const k = ticketKey(inputs[i])
      const group = this.groups.get(k) ?? []
      this.groups.set(k, group)
      group.push(i)
    }
  }

  /** The tickets to look up: a contact created for its message has none yet (on a rerun, to be sure, it looks). */
  lookupKeys(attempt: number): Array<{ companyId: number; contactId: number; whatsappId: number }> {
    return [...this.groups].filter(([, idx]) => attempt > 1 || idx.some((i) => !this.inputs[i].contactCreated))
      .map(([, idx]) => this.inputs[idx[0]]).map(({ companyId, contactId, whatsappId }) => ({ companyId, contactId, whatsappId }))
  }

  found(rows: Array<Record<string, unknown>>, options: BatchOptions): void {
    for (const row of rows) {
      const t = ticketOf(this.app, row)
      this.tickets.set(ticketKey({ companyId: t.companyId, contactId: t.contactId, whatsappId: Number(t.whatsappId) }), t)
    }
    this.toOpen = [...this.groups].filter(([k]) => !this.tickets.has(k))
    if (this.tickets.size) options.onTickets?.([...this.tickets.values()])
  }

  rows(): BatchRows {
    return batchRows(this.inputs, this.todo, this.groups, this.tickets, this.toOpen, this.at)
  }

  /** What each message would have got alone: the ticket after it, and the values it replaced. */
  outcome(rows: BatchRows, ids: WrittenIds): Stored[] {
    const { app, inputs, out, now } = this
    // Each opened ticket as its first message left it (what that message's events and frames show).
    const opened = new Map<string, Ticket>()
    this.toOpen.forEach(([k, idx], n) => {
      const first = inputs[idx[0]]
      opened.set(k, ticketOf(app, { ...rows.ticketRows[n], id: ids.ticketIds[n], lastMessage: first.preview, unreadMessages: first.fields.fromMe ? 0 : 1 }))
    })
    const state = new Map<string, Ticket>()
    this.todo.forEach((i, n) => {
      const input = inputs[i]
      const k = ticketKey(input)
      const message = app.bind(Message).fromDatabaseJson({ ...rows.messages[n].row, ticketId: (this.tickets.get(k) ?? opened.get(k))!.id, id: ids.messageIds[n] })
      const inbound = !input.fields.fromMe
      const before = state.get(k)
      if (!before && opened.has(k)) {
        const ticket = opened.get(k)!
        state.set(k, ticket)
        out[i] = { duplicate: false, message, ticket, ticketCreated: true, previous: {}, unreadChanged: inbound }
        return
      }
      const ticket = before ?? this.tickets.get(k)!
      const unreadChanged = inbound && ticket.status !== 'closed'
      const previous = { lastMessage: ticket.lastMessage, lastMessageAt: ticket.lastMessageAt, ...(unreadChanged ? { unreadMessages: ticket.unreadMessages } : {}) }
      const fresh = ticket.$clone().$set({ lastMessage: input.preview, lastMessageAt: now, updatedAt: now, unreadMessages: ticket.unreadMessages + (unreadChanged ? 1 : 0) })
      state.set(k, fresh)
      out[i] = { duplicate: false, message, ticket: fresh, ticketCreated: false, previous, unreadChanged }
    })
    return out
  }
}

/** The rows the batch writes: tickets to open (their last-message fields as they stand after the batch), messages, updates, words. */
function batchRows(inputs: StoreInput[], todo: number[], groups: Map<string, number[]>, tickets: Map<string, Ticket>, toOpen: Array<[string, number[]]>, at: Date): BatchRows {
  const openedAt = new Map(toOpen.map(([k], n) => [k, n]))
  const refOf = (i: number): TicketRef => {
    const k = ticketKey(inputs[i])
    const existing = tickets.get(k)
    return existing ? { id: existing.id } : { opened: openedAt.get(k)! }
  }
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
  // Every column given (the model is the whole row), in arrival order; one literal, so every row has one shape.
  const messages = todo.map((i) => {
    const { fields: f, companyId, whatsappId } = inputs[i]
    const row = {
      companyId, ticketId: null as unknown, contactId: f.contactId, whatsappId, externalId: f.externalId, body: f.body, fromMe: f.fromMe, read: f.fromMe,
      mediaType: f.mediaType, mediaPath: f.mediaPath, mediaName: f.mediaName, mediaMimetype: f.mediaMimetype, quotedMsgId: f.quotedMsgId, ack: 0,
      isDeleted: false, isEdited: false, participant: f.participant, userId: null, sendStatus: null, sendError: null, sendAttempts: 0, raw: f.raw,
      createdAt: new Date(f.createdAt), updatedAt: at,
    }
    return { row, ticket: refOf(i) }
  })
  const updates = [...groups].flatMap(([k, idx]) => {
    const ticket = tickets.get(k)
    if (!ticket) return []
    const unread = ticket.status !== 'closed' ? idx.filter((i) => !inputs[i].fields.fromMe).length : 0
    return [{ ticket, lastMessage: inputs[idx[idx.length - 1]].preview, unread }]
  })
  // The search words of the whole batch, once per ticket.
  const words = new Map<string, BatchRows['words'][number]>()
  for (const i of todo) {
    const { companyId, searchText } = inputs[i]
    if (!searchText) continue
    const k = ticketKey(inputs[i])
    for (const word of wordsOf(searchText)) words.set(`${k}:${word}`, { companyId, word, ticket: refOf(i) })
  }
  return { ticketRows, messages, updates, words: [...words.values()] }
}
