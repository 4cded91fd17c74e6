import type { FastifyInstance } from 'fastify'
import { settingsOf } from '../../../../core/plugin-api/index.ts'
import type { InboundMessage } from '../../../connections/public.ts'
import { identityInput, oneToOneContacts, type ChatContacts } from './chat-contacts.ts'
import type { LoadedConnection } from './connection.ts'
import { contentOf } from './content.ts'
import { isDatabaseUnavailable } from './retry.ts'
import { storeMessage, type StoreInput, type Stored } from './store.ts'
import { isRatingAnswer } from './steps/rating.ts'
import { afterStored, storeInputOf } from './receive-message.ts'
import { storeBatch, whereKeys } from './store-batch.ts'

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
