import type { FastifyInstance } from 'fastify'
import { AppError, notFound, forbidden, Type, IdParams, errorResponses, toIso, type Static } from '@zapdesk/plugin-api'
import { HelloPost } from './model.ts'
import sendRoute from './send-route.ts'

export const PostDto = Type.Object({ id: Type.Integer(), author: Type.String(), text: Type.String(), userId: Type.Union([Type.Integer(), Type.Null()]), createdAt: Type.String() })
const NewPost = Type.Object({ text: Type.String({ minLength: 1, maxLength: 280 }) }, { additionalProperties: false })
const ListQuery = Type.Object({ before: Type.Optional(Type.Integer({ minimum: 1 })) })
const PAGE = 30

const dto = (p: HelloPost): Static<typeof PostDto> => ({ id: p.id, author: p.author, text: p.text, userId: p.userId, createdAt: toIso(p.createdAt) ?? '' })

/**
 * The board's API under /api/hello-board. The plugin's feature (useHelloBoard) gates every route: the loader
 * stamps it into each route's config, so a company without it gets 403 ERR_FEATURE_DISABLED.
 */
export default async function helloBoardRoutes(app: FastifyInstance): Promise<void> {
  const Posts = app.bind(HelloPost)
  await app.register(sendRoute)

  app.get('/hello-board/posts', {
    schema: { summary: 'Newest posts of the caller\'s company', querystring: ListQuery, response: { 200: Type.Object({ posts: Type.Array(PostDto), hasMore: Type.Boolean() }), ...errorResponses } },
  }, async (request) => {
    const { before } = request.query as Static<typeof ListQuery>
    const query = Posts.query().forCompany(request.auth!.companyId).orderBy('id', 'desc').limit(PAGE + 1)
    if (before) query.where('id', '<', before)
    const rows = await query
    return { posts: rows.slice(0, PAGE).map(dto), hasMore: rows.length > PAGE }
  })

  app.post('/hello-board/posts', {
    schema: { summary: 'Post on the board', body: NewPost, response: { 201: PostDto, ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const text = (request.body as Static<typeof NewPost>).text.trim()
    if (!text) throw new AppError('ERR_HELLO_EMPTY', 400)
    const post = dto(await Posts.query().forCompany(auth.companyId).insert({ userId: auth.userId, author: auth.name, text }))
    app.realtime.publish({ companyId: auth.companyId, topic: 'helloBoardPost', data: { action: 'create', post } })
    return reply.status(201).send(post)
  })

  app.delete('/hello-board/posts/:id', {
    schema: { summary: 'Delete one\'s own post (admins: any)', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const auth = request.auth!
    const { id } = request.params as Static<typeof IdParams>
    const post = await Posts.query().forCompany(auth.companyId).findById(id)
    if (!post) throw notFound('ERR_HELLO_POST_NOT_FOUND')
    if (post.userId !== auth.userId && auth.profile !== 'admin') throw forbidden()
    await Posts.query().forCompany(auth.companyId).deleteById(id)
    app.realtime.publish({ companyId: auth.companyId, topic: 'helloBoardPost', data: { action: 'delete', id } })
    return reply.status(204).send()
  })
}
