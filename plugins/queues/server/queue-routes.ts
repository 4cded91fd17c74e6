import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Type, assertPlanLimit, errorResponses, isUniqueViolation, type AuthContext } from '@zapdesk/plugin-api'
import { Queue, USER_QUEUES } from './models.ts'
import { Nullable, QueueDto } from './dto.ts'
import { normalizeSchedules, SchedulesSchema } from './schedules.ts'
import type { ScheduleEntry } from './opening-hours.ts'

/** A name that still has 2 characters once trimmed ('  ' or 'A ' are refused), like the core's user names. */
const NON_BLANK_2 = '^\\s*\\S[\\s\\S]*\\S\\s*$'
const OptionalId = Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 })))
const OptionalText = Type.Optional(Nullable(Type.String({ maxLength: 5000 })))
const QueueBody = Type.Object({
  name: Type.String({ minLength: 2, maxLength: 50, pattern: NON_BLANK_2 }),
  // Hex codes or colour names: what a style attribute accepts, nothing that could smuggle other CSS.
  color: Type.String({ minLength: 3, maxLength: 9, pattern: '^#?[0-9A-Za-z]+$' }),
  orderQueue: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000000 }))),
  greetingMessage: OptionalText,
  outOfHoursMessage: OptionalText,
  integrationId: OptionalId,
  promptId: OptionalId,
  schedules: Type.Optional(SchedulesSchema),
})
type Body = Partial<typeof QueueBody.static>

function schedulesOf(list: ScheduleEntry[]): ScheduleEntry[] {
  const week = normalizeSchedules(list)
  if (week === 'duplicate') throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/schedules', message: 'each weekday at most once' }])
  return week
}

/** The row fields a body sets: trimmed texts, lowercased colour (so uniqueness is the same on both databases). */
function fieldsOf(body: Body): Partial<Queue> {
  const out: Partial<Queue> = {}
  if (body.name !== undefined) out.name = body.name.trim()
  if (body.color !== undefined) out.color = body.color.toLowerCase()
  for (const key of ['orderQueue', 'greetingMessage', 'outOfHoursMessage', 'integrationId', 'promptId'] as const) {
    if (body[key] !== undefined) (out as Record<string, unknown>)[key] = body[key]
  }
  if (body.schedules !== undefined) out.schedules = schedulesOf(body.schedules)
  return out
}

/** The company a caller lists: their own, or any existing one for a super user who names it. */
async function targetCompany(app: FastifyInstance, auth: AuthContext, requested?: number): Promise<number> {
  if (requested === undefined || requested === auth.companyId) return auth.companyId
  if (!auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
  if (!(await app.knex('companies').where({ id: requested }).first('id'))) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  return requested
}

export default async function queueRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Queues = app.bind(Queue)

  const assertColorFree = async (trx: Knex.Transaction, companyId: number, color: string | undefined, exceptId?: number) => {
    if (color === undefined) return
    const taken = Queues.query(trx).forCompany(companyId).where({ color })
    if (exceptId !== undefined) taken.whereNot('id', exceptId)
    if (await taken.first()) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409)
  }
  /** Two saves racing past the check still meet the unique index: same answer. */
  const colorRace = (err: unknown): never => {
    if (isUniqueViolation(err)) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409)
    throw err
  }
  const publish = (companyId: number, data: object) => app.realtime.publish({ companyId, topic: 'queue', data })

  api.get('/queue', {
    schema: { summary: 'The company\'s queues, in menu order', querystring: Type.Object({ companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }),
      response: { 200: Type.Array(QueueDto), ...errorResponses } },
  }, async (request) => app.queues.list(await targetCompany(app, request.auth!, request.query.companyId)))

  api.get('/queue/:id', {
    schema: { summary: 'One queue', params: IdParams, response: { 200: QueueDto, ...errorResponses } },
  }, async (request) => (await app.queues.withHours(request.auth!.companyId, [await app.queues.find(request.auth!.companyId, request.params.id)]))[0])

  api.post('/queue', {
    config: { access: 'admin' },
    schema: { summary: 'Create a queue (plan limit `queues`); without schedules it has no hours of its own (always open)', body: QueueBody, response: { 201: QueueDto, ...errorResponses } },
  }, async (request, reply) => {
    const companyId = request.auth!.companyId
    // Only the hours the admin gave: hours nobody saved would close the queue the day per-queue hours are switched on.
    const fields = { schedules: [], ...fieldsOf(request.body) }
    const queue = await app.knex.transaction(async (trx) => {
      await assertPlanLimit(app, companyId, 'queues', 'queues', trx)
      await assertColorFree(trx, companyId, fields.color)
      if (fields.promptId) await app.queues.promptHooks.validate?.(companyId, fields.promptId, trx)
      if (fields.integrationId) await app.queues.integrationHooks.validate?.(companyId, fields.integrationId, trx)
      return Queues.query(trx).forCompany(companyId).insert(fields).catch(colorRace)
    })
    const [dto] = await app.queues.withHours(companyId, [await app.queues.find(companyId, queue.id)])
    publish(companyId, { action: 'create', queue: dto })
    return reply.status(201).send(dto)
  })

  api.put('/queue/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Update a queue', params: IdParams, body: Type.Partial(QueueBody), response: { 200: QueueDto, ...errorResponses } },
  }, async (request) => {
    const companyId = request.auth!.companyId
    const fields = fieldsOf(request.body)
    await app.knex.transaction(async (trx) => {
      await app.queues.find(companyId, request.params.id, trx)
      await assertColorFree(trx, companyId, fields.color, request.params.id)
      if (fields.promptId) await app.queues.promptHooks.validate?.(companyId, fields.promptId, trx)
      if (fields.integrationId) await app.queues.integrationHooks.validate?.(companyId, fields.integrationId, trx)
      if (Object.keys(fields).length) await Queues.query(trx).forCompany(companyId).findById(request.params.id).patch(fields).catch(colorRace)
    })
    const [dto] = await app.queues.withHours(companyId, [await app.queues.find(companyId, request.params.id)])
    publish(companyId, { action: 'update', queue: dto })
    return dto
  })

  api.delete('/queue/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Delete a queue with its options and user links', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const companyId = request.auth!.companyId
    const queueId = request.params.id
    const userIds = await app.knex.transaction(async (trx) => {
      await app.queues.find(companyId, queueId, trx)
      const linked: number[] = (await trx(USER_QUEUES).where({ companyId, queueId }).select('userId')).map((r: { userId: number }) => Number(r.userId))
      await app.queues.deletionHooks.run(trx, companyId, queueId)
      await Queues.query(trx).forCompany(companyId).deleteById(queueId)
      return linked
    })
    app.events.emit('queue.deleted', { companyId, queueId })
    // Linked users lost the queue: their open sockets reload who they are (realtime audiences by queue).
    for (const userId of userIds) app.events.emit('user.updated', { companyId, userId })
    publish(companyId, { action: 'delete', queueId })
    return reply.status(204).send(null)
  })
}
