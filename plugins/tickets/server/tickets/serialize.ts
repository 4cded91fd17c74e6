import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { Type, type Static } from '@zapdesk/plugin-api'
import { Ticket } from '../models.ts'

/** `type: ['x', 'null']` rather than an anyOf union: fast-json-stringify writes it directly (see contacts' DTOs). */
const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] })
const NullableInteger = Type.Unsafe<number | null>({ type: ['integer', 'null'] })
const Named = Type.Object({ id: Type.Integer(), name: Type.String() })

/** A ticket as the API answers it and realtime frames carry it (README "JSON shapes"). */
export const TicketDto = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  companyId: Type.Integer(),
  status: Type.String(),
  userId: NullableInteger,
  user: Type.Union([Named, Type.Null()]),
  queueId: NullableInteger,
  queue: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() }), Type.Null()]),
  contactId: Type.Integer(),
  contact: Type.Object({ id: Type.Integer(), name: Type.String(), number: NullableString, profilePicUrl: NullableString, isGroup: Type.Boolean() }),
  whatsappId: NullableInteger,
  whatsapp: Type.Union([Named, Type.Null()]),
  tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() })),
  lastMessage: NullableString,
  unreadMessages: Type.Integer(),
  isGroup: Type.Boolean(),
  chatbot: Type.Boolean(),
  awaitingRating: Type.Boolean(),
  useIntegration: Type.Boolean(),
  promptId: NullableInteger,
  integrationId: NullableInteger,
  createdAt: NullableString,
  updatedAt: NullableString,
})
export type TicketJson = Static<typeof TicketDto>
export type ContactJson = TicketJson['contact']

type Row = Record<string, unknown> & { id: number }
type TagRow = { id: number; name: string; color: string }

/**
 * Rows the caller already holds (of the tickets' company, as just read or written), so serializing does not read
 * them again: e.g. the inbound pipeline knows the contact and the connection, and that a ticket it just opened has
 * no tags. Tags are by ticket id.
 */
export interface KnownRows {
  users?: Row[]
  queues?: Row[]
  contacts?: Row[]
  whatsapps?: Row[]
  tags?: Map<number, TagRow[]>
}

/**
 * Rows of a company's table by id: every lookup keeps the company condition, so a stale id never shows another
 * company's row. Ids among `known` are not read.
 */
async function byId(app: FastifyInstance, table: string, companyId: number, ids: Array<number | null>, columns: string[], known: Row[] = []): Promise<Map<number, Row>> {
  const out = new Map(known.map((r) => [Number(r.id), r]))
  const wanted = [...new Set(ids.filter((id): id is number => id !== null && !out.has(id)))]
  if (!wanted.length) return out
  const rows: Row[] = await app.knex(table).where({ companyId }).whereIn('id', wanted).select('id', ...columns)
  for (const r of rows) out.set(Number(r.id), r)
  return out
}

async function tagsOf(app: FastifyInstance, companyId: number, ticketIds: number[], known?: Map<number, TagRow[]>): Promise<Map<number, TagRow[]>> {
  const wanted = ticketIds.filter((id) => !known?.has(id))
  const out = new Map<number, TagRow[]>(known)
  if (wanted.length) for (const [id, tags] of await app.tags.ofTickets(companyId, wanted)) out.set(id, tags)
  return out
}

/**
 * Tickets of one company as JSON, in the given order: users, queues, contacts, connections and tags are read in one
 * batched query each (a page of 40 costs five queries), except the rows the caller already holds (`known`).
 * Contacts, queues and connections belong to other plugins: their tables are read with plain knex (their models are
 * internal), tags through `app.tags`.
 */
export async function serializeTickets(app: FastifyInstance, companyId: number, tickets: Ticket[], known: KnownRows = {}): Promise<TicketJson[]> {
  if (!tickets.length) return []
  const [users, queues, contacts, whatsapps, tags] = await Promise.all([
    byId(app, 'users', companyId, tickets.map((t) => t.userId), ['name'], known.users),
    byId(app, 'queues', companyId, tickets.map((t) => t.queueId), ['name', 'color'], known.queues),
    byId(app, 'contacts', companyId, tickets.map((t) => t.contactId), ['name', 'number', 'profilePicUrl', 'isGroup'], known.contacts),
    byId(app, 'whatsapps', companyId, tickets.map((t) => t.whatsappId), ['name'], known.whatsapps),
    tagsOf(app, companyId, tickets.map((t) => t.id), known.tags),
  ])
  return tickets.map((t) => {
    const user = t.userId !== null ? users.get(t.userId) : undefined
    const queue = t.queueId !== null ? queues.get(t.queueId) : undefined
    const contact = contacts.get(t.contactId)
    const whatsapp = t.whatsappId !== null ? whatsapps.get(t.whatsappId) : undefined
    return {
      id: t.id, uuid: t.uuid, companyId: t.companyId, status: t.status,
      userId: t.userId ?? null, user: user ? { id: user.id, name: String(user.name) } : null,
      queueId: t.queueId ?? null, queue: queue ? { id: queue.id, name: String(queue.name), color: String(queue.color) } : null,
      contactId: t.contactId,
      contact: {
        id: t.contactId, name: contact ? String(contact.name) : '', number: (contact?.number as string | null) ?? null,
        profilePicUrl: (contact?.profilePicUrl as string | null) ?? null, isGroup: Boolean(contact?.isGroup),
      },
      whatsappId: t.whatsappId ?? null, whatsapp: whatsapp ? { id: whatsapp.id, name: String(whatsapp.name) } : null,
      tags: (tags.get(t.id) ?? []).map((g) => ({ id: g.id, name: g.name, color: g.color })),
      lastMessage: t.lastMessage ?? null, unreadMessages: Number(t.unreadMessages ?? 0),
      isGroup: Boolean(t.isGroup), chatbot: Boolean(t.chatbot), awaitingRating: Boolean(t.awaitingRating),
      useIntegration: Boolean(t.useIntegration), promptId: t.promptId ?? null, integrationId: t.integrationId ?? null,
      createdAt: t.createdAt ?? null, updatedAt: t.updatedAt ?? null,
    }
  })
}

type Joined = Ticket & {
  joinedUserName: string | null
  joinedQueueName: string | null
  joinedQueueColor: string | null
  joinedContactName: string | null
  joinedContactNumber: string | null
  joinedContactPic: string | null
  joinedContactIsGroup: unknown
  joinedWhatsappName: string | null
}

/** A company's row joined to the ticket by id (the company condition again: a stale id never shows another company's row). */
const sameCompany = (table: string, column: string) => (j: Knex.JoinClause) =>
  j.on(`${table}.id`, '=', `tickets.${column}`).andOn(`${table}.companyId`, '=', 'tickets.companyId')

/**
 * One ticket of the company as JSON, or null when it does not exist there: the ticket with its user, queue, contact
 * and connection in one joined query, its tags in a second.
 */
export async function loadTicketJson(app: FastifyInstance, companyId: number, ticketId: number): Promise<TicketJson | null> {
  const row = await app.bind(Ticket).query().forCompany(companyId).findById(ticketId)
    .leftJoin('users', sameCompany('users', 'userId'))
    .leftJoin('queues', sameCompany('queues', 'queueId'))
    .leftJoin('contacts', sameCompany('contacts', 'contactId'))
    .leftJoin('whatsapps', sameCompany('whatsapps', 'whatsappId'))
    .select(
      'tickets.*', 'users.name as joinedUserName', 'queues.name as joinedQueueName', 'queues.color as joinedQueueColor',
      'contacts.name as joinedContactName', 'contacts.number as joinedContactNumber', 'contacts.profilePicUrl as joinedContactPic',
      'contacts.isGroup as joinedContactIsGroup', 'whatsapps.name as joinedWhatsappName',
    ) as Joined | undefined
  if (!row) return null
  const known: KnownRows = {
    users: row.userId !== null && row.joinedUserName !== null ? [{ id: row.userId, name: row.joinedUserName }] : [],
    queues: row.queueId !== null && row.joinedQueueName !== null ? [{ id: row.queueId, name: row.joinedQueueName, color: row.joinedQueueColor }] : [],
    contacts: row.joinedContactName !== null
      ? [{ id: row.contactId, name: row.joinedContactName, number: row.joinedContactNumber, profilePicUrl: row.joinedContactPic, isGroup: row.joinedContactIsGroup }]
      : [],
    whatsapps: row.whatsappId !== null && row.joinedWhatsappName !== null ? [{ id: row.whatsappId, name: row.joinedWhatsappName }] : [],
  }
  const [json] = await serializeTickets(app, companyId, [row], known)
  return json
}
