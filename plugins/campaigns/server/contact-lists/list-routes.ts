import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Pagination, Type, errorResponses, pageOf } from '@zapdesk/plugin-api'
import { ContactList } from '../models.ts'
import { ContactListDto, ListBody, listDto, type ContactListJson } from './serialize.ts'
import { findList, listPage, showList } from './lists.ts'
import { assertOwnCompany } from '../own-company.ts'

/** Contact lists (admins): the campaigns' recipients. */
export default async function contactListRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Lists = app.bind(ContactList)
  const publish = (companyId: number, data: { action: 'create' | 'update'; record: ContactListJson } | { action: 'delete'; id: number }) =>
    app.realtime.publish({ companyId, topic: 'contact-list', data })

  api.get('/contact-lists', {
    schema: { summary: 'Contact lists with their contact counts, paged; searchParam matches the name', querystring: Pagination, response: { 200: pageOf('records', ContactListDto), ...errorResponses } },
  }, async (request) => listPage(app, request.auth!.companyId, request.query.searchParam, request.query.pageNumber ?? 1))

  api.get('/contact-lists/list', {
    schema: {
      summary: 'Every contact list of the company, by name (the campaign dialog\'s choices)',
      querystring: Type.Object({ companyId: Type.Optional(Type.Integer({ minimum: 1 })) }),
      response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })), ...errorResponses },
    },
  }, async (request) => {
    assertOwnCompany(request.auth!, request.query.companyId)
    return (await Lists.query().forCompany(request.auth!.companyId).orderBy('name').orderBy('id').select('id', 'name')).map((l) => ({ id: l.id, name: l.name }))
  })

  api.get('/contact-lists/:id', {
    schema: { summary: 'One contact list', params: IdParams, response: { 200: ContactListDto, ...errorResponses } },
  }, async (request) => showList(app, request.auth!.companyId, request.params.id))

  api.post('/contact-lists', {
    schema: { summary: 'Create a contact list', body: ListBody, response: { 201: ContactListDto, ...errorResponses } },
  }, async (request, reply) => {
    const row = await Lists.query().forCompany(request.auth!.companyId).insert({ name: request.body.name.trim() })
    const record = listDto(row, 0)
    publish(row.companyId, { action: 'create', record })
    return reply.status(201).send(record)
  })

  api.put('/contact-lists/:id', {
    schema: { summary: 'Rename a contact list', params: IdParams, body: ListBody, response: { 200: ContactListDto, ...errorResponses } },
  }, async (request) => {
    const { companyId } = request.auth!
    await findList(app, companyId, request.params.id)
    await Lists.query().forCompany(companyId).findById(request.params.id).patch({ name: request.body.name.trim() })
    const record = await showList(app, companyId, request.params.id)
    publish(companyId, { action: 'update', record })
    return record
  })

  api.delete('/contact-lists/:id', {
    schema: { summary: 'Delete a contact list and its contacts (campaigns already started keep their recipients)', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const { companyId } = request.auth!
    await findList(app, companyId, request.params.id)
    await Lists.query().forCompany(companyId).deleteById(request.params.id)
    publish(companyId, { action: 'delete', id: request.params.id })
    return reply.status(204).send(null)
  })
}
