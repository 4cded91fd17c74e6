import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { randomUUID } from 'node:crypto'
import { isUniqueViolation, settingsOf } from '../../../../core/plugin-api/index.ts'
import type { InboundMessage } from '../../../connections/public.ts'
import { Message, type Ticket } from '../models.ts'
import { wordsOf } from '../search-words.ts'
import { identityInput, oneToOneContacts, type ChatContacts } from './chat-contacts.ts'
import type { LoadedConnection } from './connection.ts'
import { contentOf } from './content.ts'
import { locked, ticketOf } from './active-ticket.ts'
import { inTransaction, isDatabaseUnavailable, RetryTransaction } from './retry.ts'
import { storeMessage, type StoreInput, type Stored } from './store.ts'
import { isRatingAnswer } from './steps/rating.ts'
import { afterStored, storeInputOf } from './receive-message.ts'

/** At most this many messages are written in one transaction. */
export const MAX_BATCH = 64

type TagRow = { id: number; name: string; color: string }

interface Item {
  companyId: number
  whatsappId: number
  event: InboundMessage
  /** Stored (or dropped, or failed) and announced: what barrier() waits for. */
  settled(): void
  /** The whole message is done, steps included: what the caller waits for. */
  resolve(): void
  reject(err: unknown): void
}

/** An item whose connection, contacts and row are known: what the store writes. */
interface Ready {
  item: Item
  settings: Record<string, string>
  loaded: LoadedConnection
  chat: ChatContacts
  input: StoreInput
}

/**
 * Group commit of the inbound pipeline's common case, a text message of a 1:1 chat: the first message is written at
 * once; the ones that arrive while a write is in flight queue up and are written together by the next one, in one
 * transaction (up to MAX_BATCH): one contact lookup (and one insert of the new ones), one lookup and lock of the
 * active tickets, one insert of the tickets (and service cycles) they open, one insert of the messages, one update
 * per ticket, one insert of the search words. Each message then gets what it gets alone, in arrival order: its
 * domain events and frames (built from the ticket as it stood after that message), then its steps. A batch that
 * fails is written again one message at a time (the transaction rolled back: nothing is lost or doubled).
 */
export class GroupCommit {
  private queue: Item[] = []
  private running = false
  private last: Promise<void> = Promise.resolve()
  /** Tests: runs inside each batch transaction right before it commits (a throw there rolls the batch back). */
  beforeCommit?: () => void | Promise<void>

  constructor(private app: FastifyInstance) {}

  /** Whether the message goes through the group commit (anything unusual goes the one-at-a-time way). */
  takes(event: InboundMessage): boolean {
    return event.type === 'text' && !event.media && !event.chat.isGroup && !event.quotedId
      && !(!event.fromMe && isRatingAnswer(event.body)) && Boolean(event.chat.number || event.chat.lid || event.chat.jid.endsWith('@lid'))
  }

  /** Queues a message; resolves when it is stored, announced and its steps ran (as receiveOne does). */
  submit(companyId: number, whatsappId: number, event: InboundMessage): Promise<void> {
    let settled!: () => void
    this.last = new Promise<void>((r) => (settled = r))
    const done = new Promise<void>((resolve, reject) => this.queue.push({ companyId, whatsappId, event, settled, resolve, reject }))
    if (!this.running) void this.pump()
    return done
  }

  /** Resolves once every message queued so far is stored and announced (at once when nothing is queued). */
  barrier(): Promise<void> {
    return this.running || this.queue.length ? this.last : Promise.resolve()
  }

  private async pump(): Promise<void> {
    this.running = true
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_BATCH)
        try {
          await writeBatch(this.app, batch, this.beforeCommit)
        } catch (err) {
          for (const it of batch) {
            it.settled()
            it.reject(err)
          }
        }
        // The events that came in during the write (on SQLite the write runs synchronously, so they wait in the
        // event loop until it ends) join the queue before the next batch is taken: no timer, no wait when idle.
        await new Promise((r) => setImmediate(r))
      }
    } finally {
      this.running = false
    }
  }
}

const perApp = new WeakMap<FastifyInstance, GroupCommit>()

export function groupCommit(app: FastifyInstance): GroupCommit {
  let commit = perApp.get(app)
  if (!commit) perApp.set(app, (commit = new GroupCommit(app)))
  return commit
}

/** `(a = ? and b = ?) or (...)`: a lookup by a composite key, which every database answers from its index. */
function whereKeys<Q extends Knex.QueryBuilder>(query: Q, keys: Array<Record<string, unknown>>): Q {
  return query.where((q) => {
    for (const k of keys) q.orWhere(k)
  }) as Q
}

/** The connections of a batch (row and whether the menu offers queues) in one query: loadConnection for many. */
async function loadConnections(app: FastifyInstance, pairs: Array<{ companyId: number; whatsappId: number }>): Promise<Map<string, LoadedConnection>> {
  const queues = app.knex('whatsappQueues').select(app.knex.raw('1'))
    .where('whatsappQueues.companyId', app.knex.ref('whatsapps.companyId')).where('whatsappQueues.whatsappId', app.knex.ref('whatsapps.id'))
  const rows: Array<Record<string, unknown>> = await whereKeys(app.knex('whatsapps'), pairs.map((p) => ({ 'whatsapps.companyId': p.companyId, 'whatsapps.id': p.whatsappId })))
    .select('whatsapps.*', app.knex.raw('exists ? as ??', [queues, 'offersQueues']))
  const out = new Map<string, LoadedConnection>()
  for (const found of rows) {
    const { offersQueues, ...row } = found
    out.set(`${row.companyId}:${row.id}`, { row: { ...row, id: Number(row.id), name: String(row.name) }, offersQueues: Boolean(offersQueues) })
  }
  return out
}

const settle = (it: Item) => it.settled()

/**
 * One batch: connections, settings and contacts at once, then the store; then, per message in arrival order, its
 * events and frames, and its steps (which end its caller's wait). On a failed store the messages go one at a time.
 */
async function writeBatch(app: FastifyInstance, items: Item[], beforeCommit?: () => void | Promise<void>): Promise<void> {
  const pairs = [...new Map(items.map((it) => [`${it.companyId}:${it.whatsappId}`, { companyId: it.companyId, whatsappId: it.whatsappId }])).values()]
  const companies = [...new Set(items.map((it) => it.companyId))]
  const [connections, settingsList] = await Promise.all([loadConnections(app, pairs), Promise.all(companies.map((c) => settingsOf(app, c)))])
  const settingsBy = new Map(companies.map((c, i) => [c, settingsList[i]]))
  const live = items.filter((it) => {
    if (connections.has(`${it.companyId}:${it.whatsappId}`)) return true
    // No such connection (deleted meanwhile): dropped, as receiveOne drops it.
    it.settled()
    it.resolve()
    return false
  })
  if (!live.length) return
  const contacts = await app.contacts.findOrCreateContacts(live.map((it) => ({ companyId: it.companyId, input: identityInput(it.event.chat, !it.event.fromMe) })))
  const ready: Ready[] = []
  for (let i = 0; i < live.length; i++) {
    const item = live[i]
    const found = contacts[i]
    if ('error' in found) {
      item.settled()
      item.reject(found.error)
      continue
    }
    const loaded = connections.get(`${item.companyId}:${item.whatsappId}`)!
    const chat = oneToOneContacts(found.contact, found.created, item.event.fromMe)
    const content = await contentOf(app, item.companyId, item.event)
    const input = storeInputOf(item.companyId, item.whatsappId, item.event, loaded, chat, content, null)
    ready.push({ item, settings: settingsBy.get(item.companyId)!, loaded, chat, input })
  }
  if (!ready.length) return

  let stored: Stored[]
  try {
    stored = await storeBatch(app, ready.map((r) => r.input), beforeCommit)
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err
    app.log.warn({ err, messages: ready.length }, 'group commit failed; storing its messages one at a time')
    return oneAtATime(app, ready)
  }
  // The frames of existing tickets show their tags: read for the whole batch, one query per company.
  const tags = new Map<string, TagRow[]>()
  const existing = new Map<number, Set<number>>()
  stored.forEach((s) => {
    if (s.duplicate || s.ticketCreated) return
    const set = existing.get(s.ticket.companyId) ?? new Set<number>()
    existing.set(s.ticket.companyId, set.add(s.ticket.id))
  })
  await Promise.all([...existing].map(async ([companyId, ids]) => {
    for (const [id, list] of await app.tags.ofTickets(companyId, [...ids])) tags.set(`${companyId}:${id}`, list)
  })).catch(() => undefined) // without them each frame reads its ticket's tags itself
  const announced = new Set<string>()
  for (let i = 0; i < ready.length; i++) {
    const s = stored[i]
    const key = s.duplicate ? '' : `${s.ticket.companyId}:${s.ticket.id}`
    // A ticket's next message is announced once the frames of its previous one went out (their handlers build
    // them asynchronously): its agents see the ticket's frames in the order of its messages, as when they come
    // one at a time.
    if (announced.has(key)) await new Promise((r) => setImmediate(r))
    if (key) announced.add(key)
    finish(app, ready[i], s, s.duplicate ? undefined : tags.get(key))
  }
}

/** Announces a stored message and runs its steps (its caller waits for those), or ends a redelivery's wait. */
function finish(app: FastifyInstance, r: Ready, stored: Stored, tags?: TagRow[]): void {
  const { item } = r
  if (stored.duplicate) {
    item.settled()
    item.resolve()
    return
  }
  let steps: Promise<void>
  try {
    // The events and frames are emitted synchronously in here, before the next message's.
    steps = afterStored(app, item.companyId, item.whatsappId, item.event, r.settings, r.loaded, r.chat, stored, tags)
  } catch (err) {
    steps = Promise.reject(err)
  }
  item.settled()
  steps.then(item.resolve, item.reject)
}

/** The fallback: each message of the batch through storeMessage, in arrival order, each failing on its own. */
async function oneAtATime(app: FastifyInstance, ready: Ready[]): Promise<void> {
  for (const r of ready) {
    let stored: Stored
    try {
      stored = await storeMessage(app, r.input)
    } catch (err) {
      r.item.settled()
      r.item.reject(err)
      continue
    }
    finish(app, r, stored)
  }
}

/**
 * A multi-row insert and the ids of its rows, in order: SQLite returns them (RETURNING, mapped by the unique key:
 * its row order is not promised); MySQL/MariaDB reads them back by the unique key, which does not depend on how the
 * server hands out auto-increment values (its own inserts are visible to the transaction).
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
