import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Help } from './models.ts'
import { errorResponses, IdParams } from '../http/schemas.ts'
import { AppError } from '../errors/app-error.ts'
import { youtubeVideoId } from './youtube.ts'

const HelpDto = Type.Object({ id: Type.Integer(), title: Type.String(), description: Type.Union([Type.String(), Type.Null()]), video: Type.Union([Type.String(), Type.Null()]) })
const HelpBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()])),
  /** A YouTube video id, or a YouTube link to it (stored as the id). */
  video: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
}, { additionalProperties: false })
/** The stored video: the id of a YouTube id or link, null when empty; anything else is refused on the field. */
function videoOf(video: string | null | undefined): string | null | undefined {
  if (video === undefined || video === null || video.trim() === '') return video === undefined ? undefined : null
  const id = youtubeVideoId(video)
  if (!id) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/video', message: 'not a YouTube video id or link' }])
  return id
}
const dto = (h: Help) => ({ id: h.id, title: h.title, description: h.description, video: h.video })

/** Help videos: platform-wide, managed by super users, listed for everyone. */
export default async function helpsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Helps = app.bind(Help)
  const find = async (id: number) => {
    const h = await Helps.query().findById(id)
    if (!h) throw new AppError('ERR_NO_HELP_FOUND', 404)
    return h
  }

  api.get('/helps', { config: { access: 'super' }, schema: { tags: ['helps'], summary: 'Every help entry', response: { 200: Type.Array(HelpDto), ...errorResponses } } },
    async () => (await Helps.query().orderBy('id')).map(dto))
  api.get('/helps/list', { config: { allowOverdue: true }, schema: { tags: ['helps'], summary: 'Help videos for everyone', response: { 200: Type.Array(HelpDto), ...errorResponses } } },
    async () => (await Helps.query().orderBy('title')).map(dto))
  api.get('/helps/:id', { config: { access: 'super' }, schema: { tags: ['helps'], summary: 'One help entry', params: IdParams, response: { 200: HelpDto, ...errorResponses } } },
    async (request) => dto(await find(request.params.id)))
  api.post('/helps', { config: { access: 'super' }, schema: { tags: ['helps'], summary: 'Add a help entry', body: HelpBody, response: { 201: HelpDto, ...errorResponses } } },
    async (request, reply) => reply.status(201).send(dto(await Helps.query().insert({ title: request.body.title.trim(), description: request.body.description ?? null, video: videoOf(request.body.video) ?? null }))))
  api.put('/helps/:id', { config: { access: 'super' }, schema: { tags: ['helps'], summary: 'Change a help entry', params: IdParams, body: Type.Partial(HelpBody), response: { 200: HelpDto, ...errorResponses } } },
    async (request) => {
      await find(request.params.id)
      const { title, video, ...rest } = request.body
      const patch = { ...rest, ...(title === undefined ? {} : { title: title.trim() }), ...(video === undefined ? {} : { video: videoOf(video) ?? null }) }
      return dto(await Helps.query().patchAndFetchById(request.params.id, patch))
    })
  api.delete('/helps/:id', { config: { access: 'super' }, schema: { tags: ['helps'], summary: 'Delete a help entry', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await find(request.params.id)
      await Helps.query().deleteById(request.params.id)
      return reply.status(204).send(null)
    })
}
