import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, Pagination, Type, errorResponses } from '@zapdesk/plugin-api'
import { QuickMessage } from './models.ts'
import { CreateBody, QuickMessageDto, UpdateBody, quickMessageDto } from './serialize.ts'
import { assertSelf, findEditable, findVisible, publish, visibleTo } from './access.ts'
import mediaRoutes from './media-routes.ts'

const PAGE_SIZE = 20
const UserFilter = Type.Object({ userId: Type.Optional(Type.Integer({ minimum: 1 })) })

export default async function quickMessageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Messages = app.bind(QuickMessage)

  api.get('/quick-messages', {
    schema: {
      summary: 'Quick messages the caller sees (geral and own), paged; searchParam matches shortcode or text',
      querystring: Type.Intersect([Pagination, UserFilter]),
      response: { 200: Type.Object({ records: Type.Array(QuickMessageDto), count: Type.Integer(), hasMore: Type.Boolean() }), ...errorResponses },
    },
  }, async (request) => {
    const auth = request.auth!
    assertSelf(auth, request.query.userId)
    const page = request.query.pageNumber ?? 1
    const base = visibleTo(app, auth)
    const term = request.query.searchParam?.trim().toLowerCase()
    if (term) {
      // A company has tens or hundreds of quick messages, not millions: a contains-match costs nothing here.
      const like = `%${term.replace(/[!%_]/g, '!$&')}%`
      base.where((q) => q.whereRaw("lower(shortcode) like ? escape '!'", [like]).orWhereRaw("lower(message) like ? escape '!'", [like]))
    }
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy('shortcode').orderBy('id').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
    return { records: rows.map(quickMessageDto), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
  })

  api.get('/quick-messages/list', {
    schema: {
      summary: 'Active quick messages the caller sees, for the message input\'s "/" autocomplete',
      querystring: Type.Object({ companyId: Type.Optional(Type.Integer({ minimum: 1 })), userId: Type.Optional(Type.Integer({ minimum: 1 })) }),
      response: { 200: Type.Array(QuickMessageDto), ...errorResponses },
    },
  }, async (request) => {
    assertSelf(request.auth!, request.query.userId, request.query.companyId)
    return (await visibleTo(app, request.auth!).where('status', true).orderBy('shortcode').orderBy('id')).map(quickMessageDto)
  })

  api.get('/quick-messages/:id', {
    schema: { summary: 'One quick message', params: IdParams, response: { 200: QuickMessageDto, ...errorResponses } },
  }, async (request) => quickMessageDto(await findVisible(app, request.auth!, request.params.id)))

  api.post('/quick-messages', {
    schema: { summary: 'Create a quick message (owned by the caller)', body: CreateBody, response: { 201: QuickMessageDto, ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const b = request.body
    const row = await Messages.query().forCompany(auth.companyId).insert({
      userId: auth.userId, shortcode: b.shortcode.trim(), message: b.message ?? '', geral: b.geral ?? false, status: b.status ?? true, isMedia: false, mediaPath: null, mediaName: null,
    })
    publish(app, row, 'create')
    return reply.status(201).send(quickMessageDto(row))
  })

  api.put('/quick-messages/:id', {
    schema: { summary: 'Update a quick message (owner; admins also for geral ones)', params: IdParams, body: UpdateBody, response: { 200: QuickMessageDto, ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const current = await findEditable(app, auth, request.params.id)
    const b = request.body
    const patch: Partial<QuickMessage> = {}
    if (b.shortcode !== undefined) patch.shortcode = b.shortcode.trim()
    if (b.message !== undefined) patch.message = b.message
    if (b.status !== undefined) patch.status = b.status
    // Turning someone else's geral message into a personal one would hide it from its owner's colleagues for good.
    if (b.geral !== undefined && (current.userId === auth.userId || b.geral)) patch.geral = b.geral
    const row = Object.keys(patch).length ? await Messages.query().forCompany(auth.companyId).patchAndFetchById(current.id, patch) : current
    publish(app, row, 'update', current.geral)
    return quickMessageDto(row)
  })

  api.delete('/quick-messages/:id', {
    schema: { summary: 'Delete a quick message and its file', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const row = await findEditable(app, auth, request.params.id)
    await Messages.query().forCompany(auth.companyId).deleteById(row.id)
    if (row.mediaPath) await app.storage.remove(auth.companyId, row.mediaPath)
    publish(app, row, 'delete')
    return reply.status(204).send(null)
  })

  await app.register(mediaRoutes)
}
