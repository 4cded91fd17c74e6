import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, errorResponses, toIso, type AuthContext } from '@zapdesk/plugin-api'
import { Ticket, TicketNote } from '../models.ts'
import { canSeeTicket } from '../visibility.ts'
import { NoteBody, NoteDto, NoteListQuery } from './schemas.ts'
import { isAdmin } from './references.ts'

type NoteJson = typeof NoteDto.static

/** GET /ticket-notes/list, POST /ticket-notes, DELETE /ticket-notes/:id: agents' notes on a ticket's contact. */
export default async function noteRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  /** Notes answer with their author's name, read in one query. */
  async function withUsers(companyId: number, notes: TicketNote[]): Promise<NoteJson[]> {
    const ids = [...new Set(notes.map((n) => n.userId).filter((id): id is number => id !== null))]
    const users: Array<{ id: number; name: string }> = ids.length ? await app.knex('users').where({ companyId }).whereIn('id', ids).select('id', 'name') : []
    const byId = new Map(users.map((u) => [Number(u.id), u.name]))
    return notes.map((n) => ({
      id: n.id, companyId: n.companyId, note: n.note, ticketId: n.ticketId, contactId: n.contactId, userId: n.userId ?? null,
      user: n.userId !== null && byId.has(n.userId) ? { id: n.userId, name: byId.get(n.userId)! } : null,
      createdAt: toIso(n.createdAt), updatedAt: toIso(n.updatedAt),
    }))
  }

  /** The ticket the notes are about: the caller's company's (404) and one they may open (403). */
  async function ticketFor(auth: AuthContext, ticketId: number, contactId: number): Promise<Ticket> {
    const ticket = await app.bind(Ticket).query().forCompany(auth.companyId).findById(ticketId)
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
    if (!canSeeTicket(auth, ticket)) throw new AppError('ERR_NO_PERMISSION', 403)
    if (ticket.contactId !== contactId) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
    return ticket
  }

  api.get('/ticket-notes/list', {
    schema: { summary: 'Notes on a ticket\'s contact, oldest first', querystring: NoteListQuery, response: { 200: Type.Array(NoteDto), ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const ticket = await ticketFor(auth, request.query.ticketId, request.query.contactId)
    const notes = await app.bind(TicketNote).query().forCompany(auth.companyId).where({ ticketId: ticket.id, contactId: ticket.contactId }).orderBy('id')
    return withUsers(auth.companyId, notes)
  })

  api.post('/ticket-notes', {
    schema: { summary: 'Add a note (at least 2 characters: ERR_NOTE_TOO_SHORT)', body: NoteBody, response: { 201: NoteDto, ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const note = request.body.note.trim()
    const ticket = await ticketFor(auth, request.body.ticketId, request.body.contactId)
    if (note.length < 2) throw new AppError('ERR_NOTE_TOO_SHORT', 400, [{ field: 'body/note', message: 'Too Short!' }])
    const row = await app.bind(TicketNote).query().forCompany(auth.companyId).insert({ ticketId: ticket.id, contactId: ticket.contactId, userId: auth.userId, note })
    return reply.status(201).send((await withUsers(auth.companyId, [row]))[0])
  })

  api.delete('/ticket-notes/:id', {
    schema: { summary: 'Delete a note (its author or an admin)', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const note = await app.bind(TicketNote).query().forCompany(auth.companyId).findById(request.params.id)
    if (!note) throw new AppError('ERR_NO_TICKET_NOTE_FOUND', 404)
    if (note.userId !== auth.userId && !isAdmin(auth)) throw new AppError('ERR_NO_PERMISSION', 403)
    await app.bind(TicketNote).query().forCompany(auth.companyId).deleteById(note.id)
    return reply.status(204).send(null)
  })
}
