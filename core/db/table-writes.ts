/** What a knex 'query' / 'query-response' event carries that the watch looks at. */
export interface ObservedQuery {
  sql?: string
  /** The pooled connection the statement ran on (knex's own uid). */
  __knexUid?: string
  __knexTxId?: string
}

/** Kept state of a cache over some tables, read and written by the caller. */
export interface TableWatch {
  /** The generation a read starts at: pass it to mayKeep() when the read is done. */
  mark(): number
  /** Whether a read started at `generation` may be kept: nothing written to the tables since, nor pending in a transaction. */
  mayKeep(generation: number): boolean
  /** Watches more tables (e.g. those a plugin's part of the cached value is read from). */
  cover(tables: string[]): void
}

export interface WatchOptions {
  /** Columns whose UPDATE alone does not concern the cache (bookkeeping such as users.online). */
  ignoreColumns?: string[]
}

class Watcher implements TableWatch {
  generation = 0
  pending = 0
  constructor(readonly drop: () => void, readonly ignore: Set<string>, readonly cover: (tables: string[]) => void) {}
  mark(): number { return this.generation }
  mayKeep(generation: number): boolean { return generation === this.generation && this.pending === 0 }
  written(): void {
    this.generation++
    this.drop()
  }
}

/** A connection whose open (or committing) transaction wrote watched tables. */
interface Pending {
  watchers: Set<Watcher>
  tables: Set<string>
  committing: boolean
  timer: NodeJS.Timeout
}

const WRITE = /^\s*(?:insert\s+(?:ignore\s+|or\s+\w+\s+)?into|replace\s+into|update(?:\s+ignore)?|delete\s+from|truncate(?:\s+table)?)\s+[`"[]?(\w+)/i
const END_OF_TRANSACTION = /^\s*(?:commit|rollback)\b(?!\s+to\b)/i
/** A transaction left open this long is taken as ended (a broken connection ends its transaction on the server). */
const OPEN_WRITE_MS = 60_000
/** How long a COMMIT may take before it is taken as done when its connection runs nothing else. */
const COMMIT_MS = 5_000

/**
 * In-memory caches over database tables, kept right without their writers' help: every statement the app's knex
 * sends is looked at, and a write to a watched table drops the caches over it when it is sent, and again once it is
 * applied (after its answer, or after the COMMIT of its transaction, known to be done when its connection runs its
 * next statement); the other instances hear of it through Redis once it is applied. A read that overlapped a write
 * (a generation number), or ran while a transaction that wrote the table was open, is not kept. Writes made outside
 * the app (another process, an operator's SQL) are not seen: caches bound how long they keep an entry. Nor are
 * statements sent as one script (core/db/script-knex.ts, the inbound pipeline's group commit on MariaDB): no cache
 * may watch the tables it writes (messages, tickets, contacts and their search words).
 */
export class TableWrites {
  private watchers = new Map<string, Watcher[]>()
  private pending = new Map<string, Pending>()

  /** `announce`: tells the other instances which tables were written (they call heard()). */
  constructor(private readonly announce: (tables: string[]) => void = () => undefined) {}

  /** A cache over `tables` (names as the models spell them): `drop` forgets everything it keeps. */
  watch(tables: string[], drop: () => void, options: WatchOptions = {}): TableWatch {
    const watcher: Watcher = new Watcher(drop, new Set(options.ignoreColumns), (more) => {
      for (const table of more) if (!this.watchers.get(table)?.includes(watcher)) this.watchers.set(table, [...this.watchers.get(table) ?? [], watcher])
    })
    watcher.cover(tables)
    return watcher
  }

  /** knex 'query': a statement is sent. */
  sent(query: ObservedQuery): void {
    const sql = query.sql
    if (!sql) return
    const connection = query.__knexUid
    if (connection !== undefined && this.pending.size > 0) {
      const pending = this.pending.get(connection)
      if (pending?.committing) this.settle(connection)
      else if (pending && END_OF_TRANSACTION.test(sql)) this.committing(pending, connection)
    }
    const write = this.watchedWrite(sql)
    if (!write) return
    for (const w of write.watchers) w.written()
    if (query.__knexTxId !== undefined && connection !== undefined) this.opened(connection, write.table, write.watchers)
  }

  /** knex 'query-response' / 'query-error': a statement is answered (outside a transaction: applied or failed). */
  answered(query: ObservedQuery): void {
    if (query.__knexTxId !== undefined || !query.sql) return
    const write = this.watchedWrite(query.sql)
    if (!write) return
    for (const w of write.watchers) w.written()
    this.announce([write.table])
  }

  /** Another instance applied writes to these tables. */
  heard(tables: string[]): void {
    const hit = new Set<Watcher>()
    for (const table of tables) for (const w of this.watchers.get(table) ?? []) hit.add(w)
    for (const w of hit) w.written()
  }

  private opened(connection: string, table: string, watchers: Watcher[]): void {
    let pending = this.pending.get(connection)
    if (!pending) {
      pending = { watchers: new Set(), tables: new Set(), committing: false, timer: this.timer(connection, OPEN_WRITE_MS) }
      this.pending.set(connection, pending)
    }
    pending.tables.add(table)
    for (const w of watchers) {
      if (pending.watchers.has(w)) continue
      pending.watchers.add(w)
      w.pending++
    }
  }

  private committing(pending: Pending, connection: string): void {
    clearTimeout(pending.timer)
    pending.committing = true
    pending.timer = this.timer(connection, COMMIT_MS)
  }

  private timer(connection: string, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => this.settle(connection), ms)
    timer.unref()
    return timer
  }

  /** The transaction on this connection is over: what it wrote is applied (or rolled back). */
  private settle(connection: string): void {
    const pending = this.pending.get(connection)
    if (!pending) return
    clearTimeout(pending.timer)
    this.pending.delete(connection)
    for (const w of pending.watchers) {
      w.pending--
      w.written()
    }
    this.announce([...pending.tables])
  }

  /** The watched table an INSERT/UPDATE/DELETE writes, with the watchers it concerns (none: not a watched write). */
  private watchedWrite(sql: string): { table: string; watchers: Watcher[] } | undefined {
    const first = sql.charCodeAt(0) | 0x20
    // select, begin, commit, savepoint, with: the bulk of statements, answered without a regular expression.
    if (first === 0x73 || first === 0x62 || first === 0x63 || first === 0x77) return undefined
    const name = WRITE.exec(sql)?.[1]
    if (name === undefined) return undefined
    const table = camel(name)
    let watchers = this.watchers.get(table)
    if (!watchers) return undefined
    if (first === 0x75) {
      const columns = assignedColumns(sql)
      if (columns) watchers = watchers.filter((w) => !columns.every((c) => w.ignore.has(c)))
    }
    return watchers.length ? { table, watchers } : undefined
  }
}

/** The columns `update t set a = ?, b = ? where ...` assigns; undefined when they cannot be told. */
function assignedColumns(sql: string): string[] | undefined {
  const set = /\sset\s([\s\S]*?)(?:\swhere\s|$)/i.exec(sql)?.[1]
  if (set === undefined) return undefined
  const columns = [...set.matchAll(/[`"[]?(\w+)[`"\]]?\s*=/g)].map((m) => camel(m[1]))
  return columns.length ? columns : undefined
}

/** The statement's snake_case identifier as the models name it (the knex's snake-case mappers write them so). */
const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
