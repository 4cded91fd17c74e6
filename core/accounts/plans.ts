import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Plan } from './models.ts'
import { PlanDto, planDto } from './serialize.ts'
import { errorResponses, IdParams } from '../http/schemas.ts'
import { AppError } from '../errors/app-error.ts'
import { isForeignKeyViolation, isUniqueViolation } from '../db/knex.ts'

const Limit = Type.Integer({ minimum: 0, maximum: 1_000_000 })
const PlanBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  users: Type.Optional(Limit), connections: Type.Optional(Limit), queues: Type.Optional(Limit),
  value: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
  term: Type.Optional(Type.Union([Type.Literal('MENSAL'), Type.Literal('ANUAL')])),
  bankPlanID: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  offeredAtSignup: Type.Optional(Type.Boolean()),
  /** Feature names; the spec's `use*` booleans are accepted too and win over this list. */
  features: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 100 })),
}, { additionalProperties: Type.Boolean() })

/** Plans: the public signup list and super-user management. Limits are enforced where users etc. are created. */
export default async function plansRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Plans = app.bind(Plan)

  const featuresOf = (body: Record<string, unknown>, current: string[]): string[] => {
    const set = new Set(body.features ? (body.features as string[]) : current)
    for (const [key, value] of Object.entries(body)) {
      if (!/^use[A-Z]/.test(key)) continue
      if (!app.features.has(key)) throw new AppError('ERR_VALIDATION', 400, [{ field: key, message: 'unknown feature' }])
      if (value) set.add(key)
      else set.delete(key)
    }
    for (const f of set) if (!app.features.has(f)) throw new AppError('ERR_VALIDATION', 400, [{ field: 'features', message: `unknown feature ${f}` }])
    return [...set].sort()
  }
  const save = async (fn: () => PromiseLike<Plan>) => {
    try {
      return planDto(app, await fn())
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('ERR_DUPLICATED_PLAN', 409, [{ field: 'name', message: 'a plan with this name exists' }])
      throw err
    }
  }
  const fields = (b: Record<string, unknown>) => ({
    ...(b.name !== undefined && { name: String(b.name).trim() }), ...(b.users !== undefined && { users: b.users as number }),
    ...(b.connections !== undefined && { connections: b.connections as number }), ...(b.queues !== undefined && { queues: b.queues as number }),
    ...(b.value !== undefined && { value: b.value as number }), ...(b.term !== undefined && { term: b.term as 'MENSAL' }),
    ...(b.bankPlanID !== undefined && { bankPlanId: b.bankPlanID as string | null }),
    ...(b.offeredAtSignup !== undefined && { offeredAtSignup: b.offeredAtSignup as boolean }),
  })

  api.get('/plans/list', {
    config: { access: 'public' },
    schema: { tags: ['plans'], summary: 'Plans offered at signup', response: { 200: Type.Array(PlanDto), ...errorResponses } },
  }, async () => (await Plans.query().where({ offeredAtSignup: true }).orderBy('id')).map((p) => planDto(app, p)))

  api.get('/plans/all', {
    config: { access: 'super' },
    schema: { tags: ['plans'], summary: 'Every plan', response: { 200: Type.Array(PlanDto), ...errorResponses } },
  }, async () => (await Plans.query().orderBy('id')).map((p) => planDto(app, p)))

  api.get('/plans/:id', {
    config: { access: 'super' },
    schema: { tags: ['plans'], summary: 'One plan', params: IdParams, response: { 200: PlanDto, ...errorResponses } },
  }, async (request) => {
    const plan = await Plans.query().findById(request.params.id)
    if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404)
    return planDto(app, plan)
  })

  api.post('/plans', {
    config: { access: 'super' },
    schema: { tags: ['plans'], summary: 'Create a plan', body: PlanBody, response: { 201: PlanDto, ...errorResponses } },
  }, async (request, reply) => {
    const b = request.body as Record<string, unknown>
    // The spec's defaults for a new plan: every flag on, every number 0 (flags sent as false, or a features list, narrow it).
    const every = app.features.list().map((f) => f.feature)
    const out = await save(() => Plans.query().insert({ users: 0, connections: 0, queues: 0, value: 0, term: 'MENSAL', offeredAtSignup: false, ...fields(b), features: featuresOf(b, every) }))
    return reply.status(201).send(out)
  })

  api.put('/plans/:id', {
    config: { access: 'super' },
    schema: { tags: ['plans'], summary: 'Update a plan', params: IdParams, body: Type.Partial(PlanBody), response: { 200: PlanDto, ...errorResponses } },
  }, async (request) => {
    const plan = await Plans.query().findById(request.params.id)
    if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404)
    const b = request.body as Record<string, unknown>
    const out = await save(() => Plans.query().patchAndFetchById(plan.id, { ...fields(b), features: featuresOf(b, plan.features) }))
    app.events.emit('plan.updated', { planId: plan.id })
    return out
  })

  api.delete('/plans/:id', {
    config: { access: 'super' },
    schema: { tags: ['plans'], summary: 'Delete a plan no company uses', params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const plan = await Plans.query().findById(request.params.id)
    if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404)
    // Checked first: SQLite reports an ON DELETE RESTRICT refusal as SQLITE_CONSTRAINT_TRIGGER, not as a foreign-key error.
    if (await app.knex('companies').where({ planId: plan.id }).first('id')) throw new AppError('ERR_PLAN_IN_USE', 409)
    try {
      await Plans.query().deleteById(plan.id)
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new AppError('ERR_PLAN_IN_USE', 409)
      throw err
    }
    return reply.status(204).send(null)
  })
}
