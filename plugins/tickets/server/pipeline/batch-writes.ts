import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { isUniqueViolation, SqlExpr, sqlWriter, type RunStatement, type SqlText, type SqlWriter } from '@zapdesk/plugin-api'
import type { Ticket } from '../models.ts'
import { RetryTransaction } from './retry.ts'

/** The rows of a group-commit batch, the tickets it opens named by their place among ticketRows. */

type Row = Record<string, unknown>

/** A message's (or search word's) ticket: an existing one, or the n-th of the tickets the batch opens. */
export type TicketRef = { id: number } | { opened: number }

export interface BatchRows {
  /** The tickets to open, with their cycle each. */
  ticketRows: Row[]
  /** In arrival order; `ticketId` comes from `ticket` (set in the row when the statement is written). */
  messages: Array<{ row: Row; ticket: TicketRef }>
  /** Existing tickets: the last message, and how many unread messages the batch adds. */
  updates: Array<{ ticket: Ticket; lastMessage: string; unread: number }>
  words: Array<{ companyId: number; word: string; ticket: TicketRef }>
}

export interface WrittenIds {
  ticketIds: number[]
  messageIds: number[]
}

const SEARCH_WORDS_CHUNK = 500

const cycleRow = (ticket: Row, ticketId: unknown, at: Date): Row => ({
  companyId: ticket.companyId, ticketId, whatsappId: ticket.whatsappId, queueId: null, userId: null,
  startedAt: at, acceptedAt: null, finishedAt: null, createdAt: at, updatedAt: at,
})

/**
 * The existing tickets in one UPDATE: each one's last message and its unread count raised by the batch's inbound
 * messages (CASE by id: one statement text per batch size, on both databases).
 */
function updateTickets(sql: SqlWriter, updates: BatchRows['updates'], at: Date): SqlText {
  const cases = `when ? then ? `.repeat(updates.length)
  const where = sql.anyOfKeys(updates.map(({ ticket }) => ({ companyId: ticket.companyId, id: ticket.id })))
  const id = sql.id('id')
  return {
    sql: `update ${sql.id('tickets')} set ${sql.id('lastMessage')} = case ${id} ${cases}end, ${sql.id('unreadMessages')} = ${sql.id('unreadMessages')} + case ${id} ${cases}end, `
      + `${sql.id('lastMessageAt')} = ?, ${sql.id('updatedAt')} = ? where ${where.sql}`,
    bindings: [...updates.flatMap((c) => [c.ticket.id, c.lastMessage]), ...updates.flatMap((c) => [c.ticket.id, c.unread]), at, at, ...where.bindings],
  }
}

function insertWords(sql: SqlWriter, rows: BatchRows['words'], idOf: (ref: TicketRef) => unknown): SqlText[] {
  const out: SqlText[] = []
  for (let n = 0; n < rows.length; n += SEARCH_WORDS_CHUNK) {
    const chunk = rows.slice(n, n + SEARCH_WORDS_CHUNK).map((w) => ({ companyId: w.companyId, word: w.word, ticketId: idOf(w.ticket) }))
    out.push(sql.insert('ticketSearchWords', chunk, { ignoreConflictOn: ['companyId', 'word', 'ticketId'] }))
  }
  return out
}

/** A unique-key violation here means another writer got there first: the rerun sees what it wrote. */
export function retryOnConflict(err: unknown): never {
  if (isUniqueViolation(err)) throw new RetryTransaction('a ticket or message of the batch was written meanwhile')
  throw err
}

/**
 * MariaDB/MySQL whose multi-row INSERTs get consecutive ids (see consecutiveStep): every write of the batch as
 * statements of one script. The opened tickets' ids are known to the script from LAST_INSERT_ID() (the first of
 * them) and the step, and to us from the INSERT's reported first id (`ids` reads them from the script's results).
 */
export function scriptWrites(knex: Knex, rows: BatchRows, step: number, at: Date): { statements: SqlText[]; ids(results: unknown[]): WrittenIds } {
  const sql = sqlWriter(knex)
  const idOf = (ref: TicketRef) => ('id' in ref ? ref.id : new SqlExpr('@zd_first_ticket + ?', [ref.opened * step]))
  const statements: SqlText[] = []
  if (rows.ticketRows.length) {
    statements.push(
      sql.insert('tickets', rows.ticketRows),
      { sql: 'set @zd_first_ticket := last_insert_id()', bindings: [] },
      sql.insert('ticketCycles', rows.ticketRows.map((t, n) => cycleRow(t, idOf({ opened: n }), at))),
    )
  }
  const messagesAt = statements.length
  for (const m of rows.messages) m.row.ticketId = idOf(m.ticket)
  statements.push(sql.insert('messages', rows.messages.map((m) => m.row)))
  if (rows.updates.length) statements.push(updateTickets(sql, rows.updates, at))
  statements.push(...insertWords(sql, rows.words, idOf))
  return {
    statements,
    ids(results) {
      const list = results as Array<{ insertId?: number }>
      const firstTicket = rows.ticketRows.length ? Number(list[0].insertId) : 0
      const firstMessage = Number(list[messagesAt].insertId)
      return {
        ticketIds: rows.ticketRows.map((_, n) => firstTicket + n * step),
        messageIds: rows.messages.map((_, n) => firstMessage + n * step),
      }
    },
  }
}

/**
 * SQLite (and MariaDB/MySQL without consecutive ids): statement after statement. A multi-row INSERT's ids come
 * back by RETURNING (SQLite, mapped by the unique key: its row order is not promised) or are read back by the
 * unique key (the transaction sees its own inserts).
 */
export async function writeStatements(app: FastifyInstance, run: RunStatement, rows: BatchRows, at: Date): Promise<WrittenIds> {
  const sql = sqlWriter(app.knex)
  const ticketIds = rows.ticketRows.length
    ? await insertIds(app, run, 'tickets', rows.ticketRows, ['companyId', 'contactId', 'whatsappId'], true).catch(retryOnConflict)
    : []
  const idOf = (ref: TicketRef) => ('id' in ref ? ref.id : ticketIds[ref.opened])
  if (rows.ticketRows.length) await run(sql.insert('ticketCycles', rows.ticketRows.map((t, n) => cycleRow(t, ticketIds[n], at))))
  for (const m of rows.messages) m.row.ticketId = idOf(m.ticket)
  const messageIds = await insertIds(app, run, 'messages', rows.messages.map((m) => m.row), ['companyId', 'whatsappId', 'externalId']).catch(retryOnConflict)
  if (rows.updates.length) await run(updateTickets(sql, rows.updates, at))
  for (const insert of insertWords(sql, rows.words, idOf)) await run(insert)
  return { ticketIds, messageIds }
}

async function insertIds(app: FastifyInstance, run: RunStatement, table: string, rows: Row[], keyCols: string[], activeOnly = false): Promise<number[]> {
  const sql = sqlWriter(app.knex)
  const keyOf = (r: Row) => keyCols.map((c) => String(r[c])).join('\u0000')
  let back: Row[]
  if (app.dialect === 'mysql') {
    await run(sql.insert(table, rows))
    back = await run(sql.select(table, ['id', ...keyCols], sql.anyOfKeys(rows.map((r) => Object.fromEntries(keyCols.map((c) => [c, r[c]])))), activeOnly ? ` and ${sql.id('active')} = 1` : ''))
  } else back = await run(sql.insert(table, rows, { returning: ['id', ...keyCols] }))
  const ids = new Map(back.map((r) => [keyOf(r), Number(r.id)]))
  return rows.map((r) => {
    const id = ids.get(keyOf(r))
    if (id === undefined) throw new Error(`group commit: an inserted ${table} row was not found`)
    return id
  })
}
