import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, errorResponses } from '@zapdesk/plugin-api'
import { Ticket } from '../models.ts'
import { canSeeTicket } from '../visibility.ts'
import { TicketDto, loadTicketJson, serializeTickets, type TicketJson } from './serialize.ts'
import { CreateBody, ListQuery, TicketPage, UpdateBody, UuidParams } from './schemas.ts'
import { knownOf, listTickets } from './list-query.ts'
import { actorOfAuth, isAdmin } from './references.ts'

const answer = { 200: TicketDto, ...errorResponses }

/** GET/POST/PUT/DELETE /tickets: the list, one ticket, a new ticket, its transitions, deletion. */
export default async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  /** A ticket of the caller's company (404 otherwise) that the caller may open (403 'Acesso não permitido'). */
  async function visibleTicket(request: FastifyRequest, where: { id: number } | { uuid: string }): Promise<Ticket> {
    const auth = request.auth!
    const ticket = await app.bind(Ticket).query().forCompany(auth.companyId).findOne(where)
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
    if (!canSeeTicket(auth, ticket)) throw new AppError('ERR_NO_PERMISSION', 403)
    return ticket
  }

  async function json(companyId: number, ticketId: number): Promise<TicketJson> {
    const ticket = await loadTicketJson(app, companyId, ticketId)
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
    return ticket
  }

  api.get('/tickets', {
    schema: { summary: 'The tickets the caller may see, filtered, 40 a page by last update', querystring: ListQuery, response: { 200: TicketPage, ...errorResponses } },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const { rows, hasMore } = await listTickets(app, request.auth!, request.query)
    return { tickets: await serializeTickets(app, companyId, rows, await knownOf(app, companyId, rows)), hasMore }
  })

  api.get('/tickets/:id', {
    schema: { summary: 'One ticket', params: IdParams, response: answer },
  }, async (request) => json(request.auth!.companyId, (await visibleTicket(request, { id: request.params.id })).id))

  api.get('/tickets/u/:uuid', {
    schema: { summary: 'One ticket by its uuid (the web app\'s /tickets/:ticketId path)', params: UuidParams, response: answer },
  }, async (request) => json(request.auth!.companyId, (await visibleTicket(request, { uuid: request.params.uuid.toLowerCase() })).id))

  api.post('/tickets', {
    schema: { summary: 'Open a ticket with a contact (409 ERR_OTHER_OPEN_TICKET with the active one)', body: CreateBody, response: { 201: TicketDto, ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const body = request.body
    // The spec's 'Selecione uma fila': only admins may leave a new ticket without a queue.
    if (body.queueId == null && !isAdmin(auth)) throw new AppError('ERR_QUEUE_REQUIRED', 400, [{ field: 'body/queueId', message: 'Selecione uma fila' }])
    const ticket = await app.tickets.lifecycle.create(auth.companyId, {
      // No connection named: the user's own (user.whatsappId), else the company's default.
      contactId: body.contactId, queueId: body.queueId ?? null, whatsappId: body.whatsappId ?? await app.connections.ofUser(auth.companyId, auth.userId),
      userId: body.userId ?? auth.userId, status: body.status,
    })
    return reply.status(201).send(await json(auth.companyId, ticket.id))
  })

  api.put('/tickets/:id', {
    schema: { summary: 'Accept, return, resolve, reopen or transfer a ticket (the current state decides)', params: IdParams, body: UpdateBody, response: answer },
  }, async (request) => {
    const auth = request.auth!
    const ticket = await app.bind(Ticket).query().forCompany(auth.companyId).findById(request.params.id)
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
    if (!canSeeTicket(auth, ticket)) throw new AppError('ERR_NO_PERMISSION', 403)
    await app.tickets.lifecycle.change(auth.companyId, ticket.id, request.body, actorOfAuth(auth))
    return json(auth.companyId, ticket.id)
  })

  api.delete('/tickets/:id', {
    config: { permission: 'ticket-options:deleteTicket' },
    schema: { summary: 'Delete a ticket with its messages and notes', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    await app.tickets.lifecycle.remove(request.auth!.companyId, request.params.id)
    return reply.status(204).send(null)
  })
}
