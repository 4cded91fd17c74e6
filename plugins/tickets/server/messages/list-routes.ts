import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Statement, Type, builtAnswer, errorResponses, type AuthContext } from '@zapdesk/plugin-api'
import { TicketDto, ticketRelations, ticketsJson } from '../tickets/serialize.ts'
import { TICKET_COLUMNS, knownOf, type ListedTicket } from '../tickets/list-query.ts'
import { seenBy } from './access.ts'
import { readTicket } from './read.ts'
import { MESSAGE_COLUMNS, MessageDto, serializeMessages, type ContactRow, type MessageRow } from './serialize.ts'

const PAGE_SIZE = 20

export const TicketParams = Type.Object({ ticketId: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
const PageQuery = Type.Object({
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  /** A look without taking part (an admin's peek, a waiting ticket's preview): nothing becomes read. */
  peek: Type.Optional(Type.Boolean({ default: false })),
})
/** Built field by field (serializeMessages, ticketsJson): written by JSON.stringify (builtAnswer). */
const MessagePage = builtAnswer(Type.Object({ messages: Type.Array(MessageDto), ticket: TicketDto, count: Type.Integer(), hasMore: Type.Boolean() }))

type PageValues = { companyId: number; ticketId: number; offset: number }

/**
 * A ticket's messages newest first through the (ticket_id, id) index; the web prepends older pages as the agent
 * scrolls up. Plain rows of the columns the JSON shows (not the channel's raw payload).
 */
export const pageQuery = (knex: Knex, { companyId, ticketId, offset }: PageValues) =>
  knex('messages').where({ companyId, ticketId }).orderBy('id', 'desc').limit(PAGE_SIZE).offset(offset).select(...MESSAGE_COLUMNS)
/** Its shape: whether it has an offset (knex leaves out `offset 0`). */
const messagesPage = new Statement<PageValues, boolean>('messages.page', (knex, values, paged) => pageQuery(knex, { ...values, offset: paged ? values.offset : 0 }))

type OpenedTicket = ListedTicket & { unreadMessages: number; messageCount: number | string }
type TicketValues = { companyId: number; ticketId: number }

/**
 * The ticket as visibleTicket answers it (seenBy; the columns its JSON shows) with its contact and tag ids (the
 * contacts and tags plugins' join and column) and how many messages it has: counted from the (ticket_id, id) index
 * alone, for the ticket row this query found under the company (reading each message row to check its company cost
 * a long conversation's every row on each opening).
 */
function ticketQuery(app: FastifyInstance, knex: Knex, { companyId, ticketId }: TicketValues): Knex.QueryBuilder {
  const messageCount = knex('messages').where('messages.ticketId', knex.ref('tickets.id')).count('*').as('messageCount')
  const q = knex('tickets').where('tickets.companyId', companyId).where('tickets.id', ticketId)
    .select(...TICKET_COLUMNS, messageCount, app.tags.tagIdsColumn('tickets.id', 'tickets.companyId', 'tagIds'))
  return app.contacts.joinSummary(q, 'tickets.contactId', 'tickets.companyId', 'contact')
}

/** A page's message columns beside the ticket's in one row, renamed (`body` as `mBody`): both have ids and dates. */
const PAGE_COLUMNS = MESSAGE_COLUMNS.map((c) => [c, `m${c[0].toUpperCase()}${c.slice(1)}`] as const)

/**
 * The ticket and a page of its messages in one query: a row per message, each with the ticket's columns (the ticket
 * is one row by its primary key, so the messages still come through the (ticket_id, id) index in its order, no sort).
 * One round trip instead of two: measured, a third less of the app's CPU for the two reads and a fifth less of the
 * database's. No row when the page is empty (a ticket without messages, a page past the last): the ticket is read
 * alone then.
 */
export const openedPageQuery = (app: FastifyInstance, knex: Knex, { companyId, ticketId, offset }: PageValues): Knex.QueryBuilder =>
  ticketQuery(app, knex, { companyId, ticketId })
    .join('messages as m', (j) => j.on('m.companyId', '=', 'tickets.companyId').andOn('m.ticketId', '=', 'tickets.id'))
    .select(...PAGE_COLUMNS.map(([c, as]) => `m.${c} as ${as}`))
    .orderBy('m.id', 'desc').limit(PAGE_SIZE).offset(offset)

/** A row of openedPageQuery: the ticket's columns, and the message's renamed (PAGE_COLUMNS). */
type PageRow = OpenedTicket & { [K in keyof MessageRow as `m${Capitalize<K>}`]: MessageRow[K] }

/** The message of a row of openedPageQuery, written out: set a key at a time, each object took several times longer. */
const messageOf = (r: PageRow): MessageRow => ({
  id: r.mId, ticketId: r.mTicketId, contactId: r.mContactId, body: r.mBody, fromMe: r.mFromMe, read: r.mRead, mediaType: r.mMediaType,
  mediaPath: r.mMediaPath, mediaName: r.mMediaName, quotedMsgId: r.mQuotedMsgId, ack: r.mAck, isDeleted: r.mIsDeleted, isEdited: r.mIsEdited,
  participant: r.mParticipant, userId: r.mUserId, sendStatus: r.mSendStatus, sendError: r.mSendError, createdAt: r.mCreatedAt, updatedAt: r.mUpdatedAt,
})

export default async function messageListRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  // Compiled once (core/db/statement.ts): their shapes never change but for a page's offset.
  const openedTicket = new Statement<TicketValues>('messages.openedTicket', (knex, values) => ticketQuery(app, knex, values).limit(1))
  const openedPage = new Statement<PageValues, boolean>('messages.openedPage', (knex, values, paged) =>
    openedPageQuery(app, knex, { ...values, offset: paged ? values.offset : 0 }))
  const openTicket = async (auth: AuthContext, ticketId: number): Promise<OpenedTicket> =>
    seenBy(auth, (await openedTicket.rows<OpenedTicket>(app.knex, { companyId: auth.companyId, ticketId }))[0])
  /** The ticket, if the caller may see it, and the page's messages newest first. */
  const openPage = async (auth: AuthContext, ticketId: number, page: number): Promise<{ ticket: OpenedTicket; shown: MessageRow[] }> => {
    const rows = await openedPage.rows<PageRow>(app.knex, { companyId: auth.companyId, ticketId, offset: (page - 1) * PAGE_SIZE }, page > 1)
    if (!rows.length) return { ticket: await openTicket(auth, ticketId), shown: [] }
    // The first row is the ticket: nothing reads its message columns as the ticket's, which are named apart.
    return { ticket: seenBy(auth, rows[0]), shown: rows.map(messageOf) }
  }
  const pageOf = (companyId: number, ticketId: number, page: number): Promise<MessageRow[]> =>
    messagesPage.rows<MessageRow>(app.knex, { companyId, ticketId, offset: (page - 1) * PAGE_SIZE }, page > 1)

  api.get('/messages/:ticketId', {
    schema: {
      summary: 'A ticket\'s messages, 20 per page from the newest (each page in chronological order); its own agent opening it marks them read',
      params: TicketParams, querystring: PageQuery, response: { 200: MessagePage, ...errorResponses },
    },
  }, async (request) => {
    const auth = request.auth!
    const { companyId } = auth
    const page = request.query.pageNumber ?? 1
    const { ticket, shown } = await openPage(auth, request.params.ticketId, page)
    const count = Number(ticket.messageCount)
    // Read for everyone only when the one serving it reads it: a peek, a waiting ticket's preview or an admin looking
    // into a colleague's conversation leaves the counter to its agent. Before the page is shown, so the answer shows
    // it: the page is read again after.
    const serving = ticket.status !== 'pending' && (ticket.userId === null || ticket.userId === auth.userId)
    // Something to read: the counter says so, or the page shows an inbound message still unread behind a counter of
    // 0 (reading reads every unread message of the ticket, not only the page's).
    const toRead = Number(ticket.unreadMessages) !== 0 || shown.some((m) => !Number(m.fromMe) && !Number(m.read))
    const reads = serving && !request.query.peek && toRead
    if (reads) ticket.unreadMessages = await readTicket(app, companyId, ticket)
    // The ticket as read above (reading it changes only its unread counter) with the relations it already holds.
    const [rows, relations] = await Promise.all([
      reads ? pageOf(companyId, ticket.id, page) : shown,
      knownOf(app, companyId, [ticket]).then((known) => ticketRelations(app, companyId, [ticket], known)),
    ])
    // The ticket's contact is most messages' (all but a group's members): not read again.
    const contact = relations.contacts.get(ticket.contactId) as ContactRow | undefined
    const messages = await serializeMessages(app, companyId, rows.reverse(), contact ? [contact] : [])
    return { messages, ticket: ticketsJson([ticket], relations)[0], count, hasMore: count > page * PAGE_SIZE }
  })
}
