import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, toIso, type AuthContext } from '@zapdesk/plugin-api'
import { whereCanSee } from '../visibility.ts'

/** A ticket as a board shows it: the fields the ticket JSON has under the same names, with its contact's card. */
export interface BoardTicket {
  id: number
  uuid: string
  status: string
  queueId: number | null
  userId: number | null
  contact: { id: number; name: string; number: string | null; profilePicUrl: string | null }
  lastMessage: string | null
  unreadMessages: number
  updatedAt: string | null
}

export interface BoardQuery {
  statuses: string[]
  /** Only tickets of these queues, plus the tickets without a queue (they wait for whoever serves them); absent: any. */
  queueIds?: number[]
  page: number
  pageSize: number
}

const COLUMNS = ['id', 'uuid', 'status', 'queueId', 'userId', 'lastMessage', 'unreadMessages', 'updatedAt', 'contactId']

type Row = { id: number; uuid: string; status: string; queueId: number | null; userId: number | null; lastMessage: string | null; unreadMessages: number | string; updatedAt: unknown; contactId: number }

async function toBoard(app: FastifyInstance, companyId: number, rows: Row[]): Promise<BoardTicket[]> {
  const contacts = await app.contacts.byIds(companyId, rows.map((r) => Number(r.contactId)))
  return rows.map((r) => {
    const c = contacts.get(Number(r.contactId))
    return {
      id: Number(r.id), uuid: r.uuid, status: r.status, queueId: r.queueId === null ? null : Number(r.queueId), userId: r.userId === null ? null : Number(r.userId),
      contact: { id: Number(r.contactId), name: c?.name ?? '', number: c?.number ?? null, profilePicUrl: c?.profilePicUrl ?? null },
      lastMessage: r.lastMessage ?? null, unreadMessages: Number(r.unreadMessages ?? 0), updatedAt: toIso(r.updatedAt),
    }
  })
}

/**
 * A page of the tickets the caller may see (visibility.ts) in the given statuses and queues, most recently active
 * first, with the total: the read model boards (kanban) build on.
 */
export async function boardPage(app: FastifyInstance, auth: AuthContext, query: BoardQuery): Promise<{ tickets: BoardTicket[]; count: number }> {
  const base = whereCanSee(app.knex('tickets').where('tickets.companyId', auth.companyId).whereIn('tickets.status', query.statuses), auth)
  const { queueIds } = query
  if (queueIds) base.where((w) => { w.whereNull('tickets.queueId'); if (queueIds.length) w.orWhereIn('tickets.queueId', queueIds) })
  const [{ n }] = (await base.clone().count({ n: '*' })) as Array<{ n: number | string }>
  const rows = (await base.select(COLUMNS.map((c) => `tickets.${c}`)).orderBy([{ column: 'tickets.updatedAt', order: 'desc' }, { column: 'tickets.id', order: 'desc' }])
    .limit(query.pageSize).offset((query.page - 1) * query.pageSize)) as Row[]
  return { tickets: await toBoard(app, auth.companyId, rows), count: Number(n) }
}

/** One ticket of the company (any status) as a board shows it, or undefined. */
export async function boardTicket(app: FastifyInstance, companyId: number, ticketId: number): Promise<BoardTicket | undefined> {
  const rows = (await app.knex('tickets').where({ companyId, id: ticketId }).select(COLUMNS)) as Row[]
  return rows.length ? (await toBoard(app, companyId, rows))[0] : undefined
}

/** 404 ERR_NO_TICKET_FOUND unless the ticket is the caller's company's and one they may see; inside `trx` when given. */
export async function assertVisible(app: FastifyInstance, auth: AuthContext, ticketId: number, trx?: Knex.Transaction): Promise<void> {
  const db = trx ?? app.knex
  const found = await whereCanSee(db('tickets').where({ 'tickets.companyId': auth.companyId, 'tickets.id': ticketId }), auth).first('tickets.id')
  if (!found) throw new AppError('ERR_NO_TICKET_FOUND', 404)
}
