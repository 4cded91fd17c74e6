import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Pagination, Type, can, errorResponses, pageOf, type AuthContext } from '@zapdesk/plugin-api'
import { Tag } from './models.ts'
import { TagDto } from './dto.ts'

const PAGE_SIZE = 20
export const DEFAULT_COLOR = '#5c7080'
export const KANBAN_PERMISSION = 'tags:editKanban'
/** Case-insensitive on both databases (SQLite's default ordering puts 'Z' before 'a'). */
const BY_NAME = 'lower(tags.name), tags.id'

const TagBody = Type.Object({
  // Spec: at least 3 characters ('Mensagem muito curta' in the form); checked again once trimmed.
  name: Type.String({ minLength: 3, maxLength: 100 }),
  // Hex codes or colour names: what a style attribute accepts, nothing that could smuggle other CSS.
  color: Type.Optional(Type.String({ minLength: 3, maxLength: 9, pattern: '^#?[0-9A-Za-z]+$' })),
  // 0/1 in the spec; a boolean is coerced to the same.
  kanban: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
})
type Body = Partial<typeof TagBody.static>
const CompanyQuery = { companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }

/** The company a caller reads: their own, or any existing one for a super user who names it. */
async function targetCompany(app: FastifyInstance, auth: AuthContext, requested?: number): Promise<number> {
  if (requested === undefined || requested === auth.companyId) return auth.companyId
  if (!auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
  if (!(await app.knex('companies').where({ id: requested }).first('id'))) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  return requested
}

/** The row fields a body sets. The kanban flag only changes for holders of tags:editKanban (admins). */
function fieldsOf(body: Body, auth: AuthContext, current?: Tag): Partial<Tag> {
  const out: Partial<Tag> = { userId: auth.userId }
  if (body.name !== undefined) {
    out.name = body.name.trim()
    if (out.name.length < 3) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/name', message: 'must NOT have fewer than 3 characters' }])
  }
  if (body.color !== undefined) out.color = body.color
  if (body.kanban !== undefined && Boolean(body.kanban) !== Boolean(current?.kanban)) {
    if (!can(auth, KANBAN_PERMISSION)) throw new AppError('ERR_NO_PERMISSION', 403)
    out.kanban = Boolean(body.kanban)
  }
  return out
}

/** Tags of a company: anyone of it reads and writes them (they label tickets); the kanban flag is for admins. */
export default async function tagRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Tags = app.bind(Tag)
  const publish = (companyId: number, data: object) => app.realtime.publish({ companyId, topic: 'tag', data })
  const one = async (companyId: number, id: number) => (await app.tags.withCounts(companyId, [await app.tags.find(companyId, id)]))[0]

  api.get('/tags', {
    schema: { summary: 'Search tags (paged, 20 a page, with ticketsCount)', querystring: Type.Intersect([Pagination, Type.Object(CompanyQuery)]),
      response: { 200: pageOf('tags', TagDto), ...errorResponses } },
  }, async (request) => {
    const companyId = await targetCompany(app, request.auth!, request.query.companyId)
    const page = request.query.pageNumber ?? 1
    const term = request.query.searchParam?.trim().toLowerCase()
    const base = Tags.query().forCompany(companyId)
    // '!' escapes LIKE wildcards the same way on SQLite and MySQL, so a search for "a_b" finds only "a_b".
    if (term) base.whereRaw("lower(name) like ? escape '!'", [`%${term.replace(/[!%_]/g, '!$&')}%`])
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderByRaw(BY_NAME).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
    return { tags: await app.tags.withCounts(companyId, rows), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
  })

  api.get('/tags/list', {
    schema: { summary: 'Every tag of the company (for pickers)', querystring: Type.Object(CompanyQuery), response: { 200: Type.Array(TagDto), ...errorResponses } },
  }, async (request) => {
    const companyId = await targetCompany(app, request.auth!, request.query.companyId)
    return app.tags.withCounts(companyId, await Tags.query().forCompany(companyId).orderByRaw(BY_NAME))
  })

  // The board's lanes: part of the kanban module, so a company without useKanban (plan or admin switch) is refused.
  api.get('/tags/kanban', {
    config: { feature: 'useKanban' },
    schema: { summary: 'The tags shown as kanban lanes (needs useKanban)', response: { 200: Type.Object({ lista: Type.Array(TagDto) }), ...errorResponses } },
  }, async (request) => {
    const companyId = request.auth!.companyId
    return { lista: await app.tags.withCounts(companyId, await Tags.query().forCompany(companyId).where({ kanban: true }).orderByRaw(BY_NAME)) }
  })

  api.get('/tags/:id', {
    schema: { summary: 'One tag', params: IdParams, response: { 200: TagDto, ...errorResponses } },
  }, async (request) => one(request.auth!.companyId, request.params.id))

  api.post('/tags', {
    schema: { summary: 'Create a tag (kanban 1 needs tags:editKanban); the caller is recorded as its userId', body: TagBody, response: { 201: TagDto, ...errorResponses } },
  }, async (request, reply) => {
    const companyId = request.auth!.companyId
    const fields = { color: DEFAULT_COLOR, kanban: false, ...fieldsOf(request.body, request.auth!) }
    const created = await Tags.query().forCompany(companyId).insert(fields)
    const dto = await one(companyId, created.id)
    publish(companyId, { action: 'create', tag: dto })
    return reply.status(201).send(dto)
  })

  api.put('/tags/:id', {
    schema: { summary: 'Update a tag (changing kanban needs tags:editKanban)', params: IdParams, body: Type.Partial(TagBody), response: { 200: TagDto, ...errorResponses } },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const current = await app.tags.find(companyId, request.params.id)
    await Tags.query().forCompany(companyId).findById(current.id).patch(fieldsOf(request.body, request.auth!, current))
    const dto = await one(companyId, current.id)
    publish(companyId, { action: 'update', tag: dto })
    return dto
  })

  api.delete('/tags/:id', {
    schema: { summary: 'Delete a tag (its ticket links go with it)', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const companyId = request.auth!.companyId
    const tag = await app.tags.find(companyId, request.params.id)
    await Tags.query().forCompany(companyId).deleteById(tag.id)
    app.events.emit('tag.deleted', { companyId, tagId: tag.id })
    publish(companyId, { action: 'delete', tagId: tag.id })
    return reply.status(204).send(null)
  })
}
