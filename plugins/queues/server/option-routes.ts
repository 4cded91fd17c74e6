import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, errorResponses } from '@zapdesk/plugin-api'
import { Nullable, OptionDto, type OptionNode } from './dto.ts'
import { OptionStore } from './option-store.ts'
import { QueueOption } from './models.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
/** -1 (or null, or 0) is the top level, as the web app asks for it. */
const ParentId = Nullable(Type.Integer({ minimum: -1, maximum: 2147483647 }))
const Title = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })
const Message = Nullable(Type.String({ maxLength: 5000 }))
const Ordinal = Type.Integer({ minimum: 1, maximum: 1000 })
const ListQuery = Type.Object({ queueId: Id, parentId: Type.Optional(Type.Integer({ minimum: -1, maximum: 2147483647 })) })
const CreateBody = Type.Object({ queueId: Id, parentId: Type.Optional(ParentId), title: Title, message: Type.Optional(Message), option: Type.Optional(Ordinal) })
const UpdateBody = Type.Object({ title: Type.Optional(Title), message: Type.Optional(Message), option: Type.Optional(Ordinal) })

const topOr = (parentId: number | null | undefined) => (parentId === undefined || parentId === null || parentId < 1 ? null : parentId)

/** The chatbot tree of each queue: read by anyone of the company, written by its admins. */
export default async function optionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const write = <T>(companyId: number, fn: (store: OptionStore) => Promise<T>) => app.knex.transaction((trx) => fn(new OptionStore(app, trx, companyId)))
  /** One option as a node with its subtree, read after the write committed. */
  const node = async (companyId: number, id: number): Promise<OptionNode> => {
    const row = await app.bind(QueueOption).query().forCompany(companyId).findById(id)
    if (!row) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND', 404)
    const level = await app.queues.optionTree(companyId, row.queueId, row.parentId)
    return level.find((n) => n.id === id)!
  }

  api.get('/queue-options', {
    schema: { summary: 'Options of a queue under parentId (-1 or absent: the top level), each with its subtree', querystring: ListQuery,
      response: { 200: Type.Array(OptionDto), ...errorResponses } },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const { queueId } = request.query
    await app.queues.find(companyId, queueId)
    const parentId = topOr(request.query.parentId)
    if (parentId !== null) await write(companyId, (s) => s.parentFor(queueId, parentId))
    return app.queues.optionTree(companyId, queueId, parentId)
  })

  api.get('/queue-options/:id', {
    schema: { summary: 'One option with its subtree', params: IdParams, response: { 200: OptionDto, ...errorResponses } },
  }, async (request) => node(request.auth!.companyId, request.params.id))

  api.post('/queue-options', {
    config: { access: 'admin' },
    schema: { summary: 'Add an option; `option` (its number) defaults to the next one of its level, others shift', body: CreateBody,
      response: { 201: OptionDto, ...errorResponses } },
  }, async (request, reply) => {
    const companyId = request.auth!.companyId
    const b = request.body
    const created = await write(companyId, async (store) => {
      await app.queues.find(companyId, b.queueId, store.trx)
      const parentId = await store.parentFor(b.queueId, topOr(b.parentId))
      return store.create({ queueId: b.queueId, parentId, title: b.title.trim(), message: b.message ?? null, option: b.option })
    })
    return reply.status(201).send(await node(companyId, created.id))
  })

  api.put('/queue-options/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Change an option\'s title, message or number (its level is renumbered)', params: IdParams, body: UpdateBody,
      response: { 200: OptionDto, ...errorResponses } },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const b = request.body
    // Named fields only: a body may carry unknown ones, which must not reach the SQL.
    const fields = { title: b.title?.trim(), message: b.message, option: b.option }
    await write(companyId, (store) => store.update(request.params.id, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))))
    return node(companyId, request.params.id)
  })

  api.delete('/queue-options/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Delete an option with its subtree; its level is renumbered', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    await write(request.auth!.companyId, (store) => store.remove(request.params.id))
    return reply.status(204).send(null)
  })
}
