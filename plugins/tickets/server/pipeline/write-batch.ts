import type { FastifyInstance } from 'fastify'
import { settingsOf } from '@zapdesk/plugin-api'
import type { InboundMessage } from '@zapdesk/connections/public'
import { identityInput, oneToOneContacts, type ChatContacts } from './chat-contacts.ts'
import type { LoadedConnection } from './connection.ts'
import { contentOf } from './content.ts'
import { isDatabaseUnavailable } from './retry.ts'
import { storeMessage, type StoreInput, type Stored } from './store.ts'
import { afterStored, storeInputOf } from './message-input.ts'
import { storeBatch, storedKeys } from './store-batch.ts'
import type { Ticket } from '../models.ts'

/** The group commit's write of one batch: see group-commit.ts. */

type TagRow = { id: number; name: string; color: string }

/** A message waiting in the group commit. */
export interface Item {
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

type TagsByCompany = Map<number, Map<number, TagRow[]>>

/** The tags of these tickets (their frames show them), one query; undefined when it failed (each frame reads its own). */
function readTags(app: FastifyInstance, tickets: Array<{ companyId: number; id: number }>): Promise<TagsByCompany | undefined> {
  const byCompany = new Map<number, number[]>()
  for (const t of tickets) {
    const ids = byCompany.get(t.companyId) ?? []
    byCompany.set(t.companyId, ids)
    ids.push(t.id)
  }
  return byCompany.size ? app.tags.ofCompaniesTickets(byCompany).catch(() => undefined) : Promise.resolve(undefined)
}

/** A batch ready to be stored: its messages' rows, and which of them were stored before. */
export interface PreparedBatch {
  ready: Ready[]
  stored: Set<string>
}

/**
 * A batch's first half, outside any transaction: its connections, settings, contacts and already stored messages,
 * read at once (on MariaDB each on its own connection, side by side). A message whose connection is gone is
 * dropped, as receiveOne drops it (its contact, looked up meanwhile, may have been created).
 */
export async function prepareBatch(app: FastifyInstance, items: Item[]): Promise<PreparedBatch> {
  const pairs = [...new Map(items.map((it) => [`${it.companyId}:${it.whatsappId}`, { companyId: it.companyId, whatsappId: it.whatsappId }])).values()]
  const companies = [...new Set(items.map((it) => it.companyId))]
  const [connections, settingsList, contacts, stored] = await Promise.all([
    app.connections.loadMany(pairs),
    Promise.all(companies.map((c) => settingsOf(app, c))),
    app.contacts.findOrCreateContacts(items.map((it) => ({ companyId: it.companyId, input: identityInput(it.event.chat, !it.event.fromMe) }))),
    storedKeys(app.knex, items.map((it) => ({ companyId: it.companyId, whatsappId: it.whatsappId, externalId: it.event.externalId }))),
  ])
  const settingsBy = new Map(companies.map((c, i) => [c, settingsList[i]]))
  const ready: Ready[] = []
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    const found = contacts[i]
    const loaded = connections.get(`${item.companyId}:${item.whatsappId}`)
    if (!loaded || 'error' in found) {
      item.settled()
      if (loaded && 'error' in found) item.reject(found.error)
      else item.resolve()
      continue
    }
    const chat = oneToOneContacts(found.contact, found.created, item.event.fromMe)
    const content = await contentOf(app, item.companyId, item.event)
    const input = storeInputOf(item.companyId, item.whatsappId, item.event, loaded, chat, content, null)
    ready.push({ item, settings: settingsBy.get(item.companyId)!, loaded, chat, input })
  }
  return { ready, stored }
}

/**
 * A batch's second half: the store (one transaction), which resolves once committed with the batch's announcement:
 * per message in arrival order, its events and frames, and its steps (which end its caller's wait). The caller runs
 * the announcements of its batches in their order. On a failed store the messages go one at a time, each stored
 * and announced, after the previous batch's announcement (`previous`).
 */
export async function storePrepared(app: FastifyInstance, { ready, stored }: PreparedBatch, beforeCommit: (() => void | Promise<void>) | undefined, previous: Promise<void>): Promise<() => Promise<void>> {
  if (!ready.length) return async () => undefined
  // The frames of existing tickets show their tags. On MariaDB they are read on another connection while the
  // batch's transaction goes on; SQLite's one connection is the transaction's until it ends.
  let tagsRead: Promise<TagsByCompany | undefined> | undefined
  const onTickets = app.dialect === 'mysql' ? (tickets: Ticket[]) => void (tagsRead = readTags(app, tickets)) : undefined
  let results: Stored[]
  try {
    results = await storeBatch(app, ready.map((r) => r.input), { stored, onTickets, beforeCommit })
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err
    app.log.warn({ err, messages: ready.length }, 'group commit failed; storing its messages one at a time')
    await previous
    await oneAtATime(app, ready)
    return async () => undefined
  }
  const tags = await (tagsRead ?? readTags(app, results.flatMap((s) => (s.duplicate || s.ticketCreated ? [] : [s.ticket]))))
  return async () => {
    const announced = new Set<string>()
    for (let i = 0; i < ready.length; i++) {
      const s = results[i]
      const key = s.duplicate ? '' : `${s.ticket.companyId}:${s.ticket.id}`
      // A ticket's next message is announced once the frames of its previous one went out (their handlers build
      // them asynchronously): its agents see the ticket's frames in the order of its messages, as when they come
      // one at a time.
      if (announced.has(key)) await new Promise((r) => setImmediate(r))
      if (key) announced.add(key)
      finish(app, ready[i], s, s.duplicate ? undefined : tags?.get(s.ticket.companyId)?.get(s.ticket.id))
    }
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
