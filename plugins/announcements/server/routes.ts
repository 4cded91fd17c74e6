import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Pagination, Type, errorResponses } from '@zapdesk/plugin-api'
import { AnnouncementDto, CreateBody, UpdateBody, announcementDto } from './serialize.ts'
import { publishChange } from './live.ts'
import mediaRoutes from './media-routes.ts'

const ListQuery = Type.Intersect([
  Pagination,
  // The top-bar popover of a super user asks for the active ones only; everyone else only ever gets those.
  Type.Object({ active: Type.Optional(Type.Boolean()) }),
])
const Page = Type.Object({ records: Type.Array(AnnouncementDto), count: Type.Integer(), hasMore: Type.Boolean() })

/** Reading the active announcements is for every signed-in user; everything else is for super users. */
export default async function announcementRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/announcements', {
    // The platform's notices (maintenance, a new version) concern an overdue company too, and the top bar asks for them on every page.
    config: { allowOverdue: true },
    schema: {
      summary: 'Announcements, high priority first then newest, paged; searchParam matches title or text. Users who are not super get the active ones only',
      querystring: ListQuery, response: { 200: Page, ...errorResponses },
    },
  }, async (request) => {
    const onlyActive = !request.auth!.super || request.query.active === true
    const page = await app.announcements.page({ searchParam: request.query.searchParam, pageNumber: request.query.pageNumber ?? 1, onlyActive })
    return { ...page, records: page.records.map(announcementDto) }
  })

  api.get('/announcements/:id', {
    config: { access: 'super' },
    schema: { summary: 'One announcement', params: IdParams, response: { 200: AnnouncementDto, ...errorResponses } },
  }, async (request) => announcementDto(await app.announcements.get(request.params.id)))

  api.post('/announcements', {
    config: { access: 'super' },
    schema: { summary: 'Create an announcement (its image follows with POST /announcements/:id/media-upload)', body: CreateBody, response: { 201: AnnouncementDto, ...errorResponses } },
  }, async (request, reply) => {
    const row = await app.announcements.create(request.body)
    publishChange(app, 'create', row)
    return reply.status(201).send(announcementDto(row))
  })

  api.put('/announcements/:id', {
    config: { access: 'super' },
    schema: { summary: 'Change an announcement', params: IdParams, body: UpdateBody, response: { 200: AnnouncementDto, ...errorResponses } },
  }, async (request) => {
    const { before, after } = await app.announcements.update(request.params.id, request.body)
    publishChange(app, 'update', after, before)
    return announcementDto(after)
  })

  api.delete('/announcements/:id', {
    config: { access: 'super' },
    schema: { summary: 'Delete an announcement and its image', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const row = await app.announcements.remove(request.params.id)
    publishChange(app, 'delete', row)
    return reply.status(204).send(null)
  })

  await app.register(mediaRoutes)
}
