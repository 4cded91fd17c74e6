import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, errorResponses } from '@zapdesk/plugin-api'
import { Message } from '../models.ts'
import { TicketDto, loadTicketJson } from '../tickets/serialize.ts'
import { visibleTicket } from './access.ts'
import { readTicket } from './read.ts'
import { MessageDto, serializeMessages } from './serialize.ts'

const PAGE_SIZE = 20

export const TicketParams = Type.Object({ ticketId: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
const PageQuery = Type.Object({
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  /** A look without taking part (an admin's peek, a waiting ticket's preview): nothing becomes read. */
  peek: Type.Optional(Type.Boolean({ default: false })),
})
const MessagePage = Type.Object({ messages: Type.Array(MessageDto), ticket: TicketDto, count: Type.Integer(), hasMore: Type.Boolean() })

/** A ticket's messages newest first through the (ticket_id, id) index; the web prepends older pages as the agent scrolls up. */
export const pageQuery = (app: FastifyInstance, companyId: number, ticketId: number, page: number) =>
  app.bind(Message).query().forCompany(companyId).where({ ticketId }).orderBy('id', 'desc').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)

export default async function messageListRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/messages/:ticketId', {
    schema: {
      summary: 'A ticket\'s messages, 20 per page from the newest (each page in chronological order); its own agent opening it marks them read',
      params: TicketParams, querystring: PageQuery, response: { 200: MessagePage, ...errorResponses },
    },
  }, async (request) => {
    const auth = request.auth!
    const { companyId } = auth
    const ticket = await visibleTicket(app, auth, request.params.ticketId)
    const page = request.query.pageNumber ?? 1
    // Read for everyone only when the one serving it reads it: a peek, a waiting ticket's preview or an admin looking
    // into a colleague's conversation leaves the counter to its agent. Before the page is read, so the answer shows it.
    const serving = ticket.status !== 'pending' && (ticket.userId === null || ticket.userId === auth.userId)
    if (serving && !request.query.peek) await readTicket(app, companyId, ticket)
    const [rows, count] = await Promise.all([
      pageQuery(app, companyId, ticket.id, page),
      app.bind(Message).query().forCompany(companyId).where({ ticketId: ticket.id }).resultSize(),
    ])
    const [messages, ticketJson] = await Promise.all([serializeMessages(app, companyId, rows.reverse()), loadTicketJson(app, companyId, ticket.id)])
    return { messages, ticket: ticketJson!, count, hasMore: count > page * PAGE_SIZE }
  })
}
