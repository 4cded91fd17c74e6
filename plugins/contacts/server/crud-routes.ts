import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, errorResponses } from '@zapdesk/plugin-api'
import { ContactDto, ContactPage, CreateBody, ListQuery, UpdateBody, contactDto } from './serialize.ts'
import { applyContactFilters } from './search.ts'

const PAGE_SIZE = 20
/** Pickers get at most this many contacts; a directory larger than that is searched, not listed. */
const LIST_LIMIT = 1000

export default async function contactCrudRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  // app.contacts is decorated in the plugin's setup, which runs after the routes are registered: read it per request.

  api.get('/contacts', {
    schema: { summary: 'Search the company\'s contacts (paged)', querystring: ListQuery, response: { 200: ContactPage, ...errorResponses } },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const page = request.query.pageNumber ?? 1
    const base = app.contacts.scoped(companyId)
    const order = applyContactFilters(app, base, { ...request.query, timezone: request.auth!.timezone })
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy(order).orderBy('id').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
    return { contacts: rows.map((c) => contactDto(c)), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
  })

  api.get('/contacts/list', {
    schema: {
      summary: 'The company\'s contacts for pickers (by name, at most 1000; searchParam narrows)',
      querystring: Type.Object({ companyId: Type.Optional(Type.Integer({ minimum: 1 })), searchParam: Type.Optional(Type.String({ maxLength: 200 })) }),
      response: { 200: Type.Array(ContactDto), ...errorResponses },
    },
  }, async (request) => {
    const companyId = request.auth!.companyId
    // The spec's call names the company; it can only be the caller's own.
    if (request.query.companyId !== undefined && request.query.companyId !== companyId) throw new AppError('ERR_NO_PERMISSION', 403)
    const base = app.contacts.scoped(companyId)
    const order = applyContactFilters(app, base, { searchParam: request.query.searchParam, timezone: request.auth!.timezone })
    return (await base.orderBy(order).orderBy('id').limit(LIST_LIMIT)).map((c) => contactDto(c))
  })

  api.get('/contacts/:id', {
    schema: { summary: 'One contact with its extra info', params: IdParams, response: { 200: ContactDto, ...errorResponses } },
  }, async (request) => app.contacts.show(request.auth!.companyId, request.params.id))

  api.post('/contacts', {
    schema: { summary: 'Create a contact (number checked on WhatsApp when a connection is connected)', body: CreateBody, response: { 201: ContactDto, ...errorResponses } },
  }, async (request, reply) => reply.status(201).send(await app.contacts.create(request.auth!.companyId, request.body)))

  api.put('/contacts/:id', {
    schema: { summary: 'Update a contact; extraInfo, when given, replaces the list', params: IdParams, body: UpdateBody, response: { 200: ContactDto, ...errorResponses } },
  }, async (request) => app.contacts.update(request.auth!.companyId, request.params.id, request.body))

  api.delete('/contacts/:id', {
    config: { permission: 'contacts-page:deleteContact' },
    schema: { summary: 'Delete a contact', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    await app.contacts.remove(request.auth!.companyId, request.params.id)
    return reply.status(204).send(null)
  })
}
