import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Pagination, Type, errorResponses, pageOf } from '@zapdesk/plugin-api'
import { ContactListItem } from '../models.ts'
import { ContactListItemDto, ItemBody, ItemUpdateBody, digitsOf, itemDto, type ContactListItemJson } from './serialize.ts'
import { escapeLike, findList, PAGE_SIZE } from './lists.ts'
import { whatsappValidity } from './number-check.ts'
import { assertOwnCompany } from '../own-company.ts'

/** Contacts of a list: name, number, email and whether the number is on WhatsApp (checked when saved). */
export default async function contactListItemRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Items = app.bind(ContactListItem)
  const publish = (companyId: number, contactListId: number, data: { action: 'create' | 'update'; record: ContactListItemJson } | { action: 'delete'; id: number }) =>
    app.realtime.publish({ companyId, topic: 'contact-list-item', data: { ...data, contactListId } })
  const find = async (companyId: number, id: number) => {
    const row = await Items.query().forCompany(companyId).findById(id)
    if (!row) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND', 404)
    return row
  }

  api.get('/contact-list-items', {
    schema: {
      summary: 'The contacts of a list, by name, paged; searchParam matches name, number or email',
      querystring: Type.Intersect([Pagination, Type.Object({ contactListId: Type.Integer({ minimum: 1 }), companyId: Type.Optional(Type.Integer({ minimum: 1 })) })]),
      response: { 200: pageOf('contacts', ContactListItemDto), ...errorResponses }, // zapdesk: not a table (the spec's answer key)
    },
  }, async (request) => {
    const { companyId } = request.auth!
    const { contactListId, searchParam } = request.query
    assertOwnCompany(request.auth!, request.query.companyId)
    await findList(app, companyId, contactListId)
    const page = request.query.pageNumber ?? 1
    const base = Items.query().forCompany(companyId).where({ contactListId })
    const term = searchParam?.trim()
    if (term) {
      const like = escapeLike(term)
      base.where((q) => q.whereRaw("lower(name) like ? escape '!'", [like]).orWhereRaw("number like ? escape '!'", [like]).orWhereRaw("lower(email) like ? escape '!'", [like]))
    }
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy('name').orderBy('id').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
    return { contacts: rows.map(itemDto), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
  })

  api.get('/contact-list-items/:id', {
    schema: { summary: 'One contact of a list', params: IdParams, response: { 200: ContactListItemDto, ...errorResponses } },
  }, async (request) => itemDto(await find(request.auth!.companyId, request.params.id)))

  api.post('/contact-list-items', {
    schema: { summary: 'Add a contact to a list; its number is checked on WhatsApp when a connection is up', body: ItemBody, response: { 201: ContactListItemDto, ...errorResponses } },
  }, async (request, reply) => {
    const { companyId } = request.auth!
    const b = request.body
    assertOwnCompany(request.auth!, b.companyId)
    await findList(app, companyId, b.contactListId)
    const number = digitsOf(b.number)
    const row = await Items.query().forCompany(companyId).insert({
      contactListId: b.contactListId, name: b.name.trim(), number, email: (b.email ?? '').trim().toLowerCase(), isWhatsappValid: await whatsappValidity(app, companyId, number),
    })
    const record = itemDto(row)
    publish(companyId, row.contactListId, { action: 'create', record })
    return reply.status(201).send(record)
  })

  api.put('/contact-list-items/:id', {
    schema: { summary: 'Change a contact of a list (a changed number is checked again)', params: IdParams, body: ItemUpdateBody, response: { 200: ContactListItemDto, ...errorResponses } },
  }, async (request) => {
    const { companyId } = request.auth!
    const current = await find(companyId, request.params.id)
    const b = request.body
    assertOwnCompany(request.auth!, b.companyId)
    const patch: Partial<ContactListItem> = {}
    if (b.name !== undefined) patch.name = b.name.trim()
    if (b.email !== undefined) patch.email = b.email.trim().toLowerCase()
    if (b.number !== undefined && digitsOf(b.number) !== current.number) {
      patch.number = digitsOf(b.number)
      patch.isWhatsappValid = await whatsappValidity(app, companyId, patch.number)
    }
    const row = Object.keys(patch).length ? await Items.query().forCompany(companyId).patchAndFetchById(current.id, patch) : current
    const record = itemDto(row)
    publish(companyId, row.contactListId, { action: 'update', record })
    return record
  })

  api.delete('/contact-list-items/:id', {
    config: { permission: 'contacts-page:deleteContact' },
    schema: { summary: 'Remove a contact from a list', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const { companyId } = request.auth!
    const current = await find(companyId, request.params.id)
    await Items.query().forCompany(companyId).deleteById(current.id)
    publish(companyId, current.contactListId, { action: 'delete', id: current.id })
    return reply.status(204).send(null)
  })
}
