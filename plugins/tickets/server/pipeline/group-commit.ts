import type { FastifyInstance } from 'fastify'
import type { InboundMessage } from '@zapdesk/connections/public'
import { isRatingAnswer } from './steps/rating.ts'
import { prepareBatch, storePrepared, type Item } from './write-batch.ts'

/** At most this many messages are written in one transaction. */
export const MAX_BATCH = 64

/** Batches stored at once on MariaDB (the script pool's connections: core/db/script-knex.ts). */
const STORES_IN_FLIGHT = 2

/**
 * Group commit of the inbound pipeline's common case, a text message of a 1:1 chat: the first message is written at
 * once; the ones that arrive while a write is in flight queue up and are written together by the next one, in one
 * transaction (up to MAX_BATCH; write-batch.ts, store-batch.ts): one contact lookup (and one insert of the new
 * ones), one lookup and lock of the active tickets, one insert of the tickets (and service cycles) they open, one
 * insert of the messages, one update of the tickets, one insert of the search words. Each message then gets what it
 * gets alone, in arrival order: its domain events and frames (built from the ticket as it stood after that
 * message), then its steps. A batch that fails is written again one message at a time (the transaction rolled back:
 * nothing is lost or doubled). On MariaDB up to STORES_IN_FLIGHT batches are stored at once, each on its own
 * connection: a store is mostly fixed cost (two round trips and the commit's log flush: about 4 ms for one message,
 * 6 for fifteen), so a second one in flight halves the wait of the messages behind it. The database keeps them
 * apart as it keeps two instances' writers apart: a batch locks its tickets before writing, and the unique indexes
 * turn a race on a new ticket or a redelivered message into a rerun. On SQLite every write holds the one
 * connection: one batch at a time.
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

  /**
   * Takes batches while messages wait. On MariaDB the next batch is prepared (its reads and new contacts, outside
   * any transaction) while earlier ones are stored, and stored once it is ready and fewer than STORES_IN_FLIGHT
   * stores are under way, while earlier batches are still being announced: the announcements stay one at a time and
   * in the batches' order. On SQLite every step runs synchronously on one connection: one batch at a time.
   */
  private async pump(): Promise<void> {
    this.running = true
    const overlap = this.app.dialect === 'mysql'
    /** The stores under way, oldest first (each settles when its batch is stored or failed). */
    const storing: Array<Promise<unknown>> = []
    let announced: Promise<void> = Promise.resolve()
    try {
      // A message may come while the last batch is still being stored: it is taken before the pump stops.
      while (this.queue.length) {
        while (this.queue.length) {
          const batch = this.queue.splice(0, MAX_BATCH)
          const prepared = prepareBatch(this.app, batch)
          const slot = storing.length < STORES_IN_FLIGHT ? undefined : storing.shift()
          const mayStore = Promise.all([prepared, slot])
          const previous = announced
          const written = mayStore.then(([ready]) => storePrepared(this.app, ready, this.beforeCommit, previous))
          storing.push(written.catch(() => undefined))
          announced = written.then(async (announce) => {
            await previous
            await announce()
          }).catch((err) => {
            for (const it of batch) {
              it.settled()
              it.reject(err)
            }
          })
          // With the overlap, the next batch is taken once this one's store has begun.
          await (overlap ? mayStore.catch(() => undefined) : announced)
          // The events that came in during the write (on SQLite the write runs synchronously, so they wait in the
          // event loop until it ends) join the queue before the next batch is taken: no timer, no wait when idle.
          await new Promise((r) => setImmediate(r))
        }
        await announced
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
