import type { FastifyInstance } from 'fastify'
import { Type, companyUserNames, toIso, type Static } from '@zapdesk/plugin-api'
import { Ticket } from '../models.ts'

const NullableString = Type.Union([Type.String(), Type.Null()])
const NullableInteger = Type.Union([Type.Integer(), Type.Null()])
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

/**
 * The ticket fields the JSON is made of: a Ticket model, or a plain row as the list reads it (flags as 0/1, dates as
 * the driver returns them), so a page of 40 needs no model instances.
 */
export interface TicketRow {
  id: number
  uuid: string
  companyId: number
  status: string
  userId: number | null
  queueId: number | null
  contactId: number
  whatsappId: number | null
  lastMessage: string | null
  unreadMessages: number | string | null
  isGroup: unknown
  chatbot: unknown
  awaitingRating: unknown
  useIntegration: unknown
  promptId: number | null
  integrationId: number | null
  createdAt?: unknown
  updatedAt?: unknown
}
type TagRow = { id: number; name: string; color: string }

/**
 * Rows the caller already holds (of the tickets' company, as just read or written), so serializing does not read
 * them again: e.g. the inbound pipeline knows the contact and the connection, and that a ticket it just opened has
 * no tags. Tags are by ticket id.
 */
export interface KnownRows {
  queues?: Row[]
  contacts?: Row[]
  whatsapps?: Row[]
  tags?: Map<number, TagRow[]>
}

/** Merges the rows the caller holds with the ones a service answers, by id. */
async function withKnown(known: Row[] = [], ids: Array<number | null>, load: (ids: number[]) => Promise<Map<number, Row>>): Promise<Map<number, Row>> {
  const out = new Map(known.map((r) => [Number(r.id), r]))
  const wanted = [...new Set(ids.filter((id): id is number => id !== null && !out.has(id)))]
  if (wanted.length) for (const [id, row] of await load(wanted)) out.set(id, row)
  return out
}

/** The company's users by id (the kernel's kept names): a stale id never shows another company's user. */
async function usersById(app: FastifyInstance, companyId: number, ids: Array<number | null>): Promise<Map<number, Row>> {
  const names = await companyUserNames(app, companyId)
  const out = new Map<number, Row>()
  for (const id of ids) {
    const name = id === null ? undefined : names.get(id)
    if (id !== null && name !== undefined) out.set(id, { id, name })
  }
  return out
}

async function tagsOf(app: FastifyInstance, companyId: number, ticketIds: number[], known?: Map<number, TagRow[]>): Promise<Map<number, TagRow[]>> {
  const wanted = ticketIds.filter((id) => !known?.has(id))
  const out = new Map<number, TagRow[]>(known)
  if (wanted.length) for (const [id, tags] of await app.tags.ofTickets(companyId, wanted)) out.set(id, tags)
  return out
}

/** The rows a page of tickets names, by id (tags by ticket id). */
export interface TicketRelations {
  users: Map<number, Row>
  queues: Map<number, Row>
  contacts: Map<number, Row>
  whatsapps: Map<number, Row>
  tags: Map<number, TagRow[]>
}

/**
 * Users, queues, contacts, connections and tags of tickets of one company, read in one batched call each, except the
 * rows the caller already holds (`known`). Users' names are kept per company by the kernel; queues, contacts,
 * connections and tags come from their plugins' services, always under the company.
 */
export async function ticketRelations(app: FastifyInstance, companyId: number, tickets: TicketRow[], known: KnownRows = {}): Promise<TicketRelations> {
  const [users, queues, contacts, whatsapps, tags] = await Promise.all([
    usersById(app, companyId, tickets.map((t) => t.userId)),
    withKnown(known.queues, tickets.map((t) => t.queueId), async (ids) => new Map([...await app.queues.describe(companyId, ids)].map(([id, q]) => [id, { id, ...q }]))),
    withKnown(known.contacts, tickets.map((t) => t.contactId), (ids) => app.contacts.byIds(companyId, ids) as Promise<Map<number, Row>>),
    withKnown(known.whatsapps, tickets.map((t) => t.whatsappId), (ids) => app.connections.rows(companyId, ids)),
    tagsOf(app, companyId, tickets.map((t) => t.id), known.tags),
  ])
  return { users, queues, contacts, whatsapps, tags }
}

/** Tickets as JSON, in the given order, from their relations (ticketRelations). */
export function ticketsJson(tickets: TicketRow[], { users, queues, contacts, whatsapps, tags }: TicketRelations): TicketJson[] {
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
      createdAt: toIso(t.createdAt), updatedAt: toIso(t.updatedAt),
    }
  })
}

/** Tickets of one company as JSON, in the given order (ticketRelations, then ticketsJson). */
export async function serializeTickets(app: FastifyInstance, companyId: number, tickets: TicketRow[], known: KnownRows = {}): Promise<TicketJson[]> {
  if (!tickets.length) return []
  return ticketsJson(tickets, await ticketRelations(app, companyId, tickets, known))
}

/** One ticket of the company as JSON, or null when it does not exist there. */
export async function loadTicketJson(app: FastifyInstance, companyId: number, ticketId: number): Promise<TicketJson | null> {
  const row = await app.bind(Ticket).query().forCompany(companyId).findById(ticketId)
  if (!row) return null
  const [json] = await serializeTickets(app, companyId, [row])
  return json
}
