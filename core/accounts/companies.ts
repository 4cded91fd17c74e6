import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Company, Plan } from './models.ts'
import { CompanyDto, companyDto, NON_BLANK_2 } from './serialize.ts'
import { errorResponses } from '../http/schemas.ts'
import { AppError } from '../errors/app-error.ts'
import { isForeignKeyViolation, isUniqueViolation } from '../db/knex.ts'
import { createCompany } from './company-service.ts'
import { settingsOf, writeSetting } from './settings.ts'
import { addPeriod, RECURRENCE_MONTHS, type Recurrence } from './due-date.ts'
import { switchedOffFeatures } from './switched-off.ts'
import { todayIn } from '../auth/service.ts'

const DateString = Type.String({ format: 'date' })
const Time = Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d)?$' })
const Recurrences = Type.Union(Object.keys(RECURRENCE_MONTHS).map((r) => Type.Literal(r)))
const Schedules = Type.Array(Type.Object({
  weekday: Type.String({ maxLength: 30 }), weekdayEn: Type.Union(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => Type.Literal(d))),
  startTime: Time, endTime: Time,
}), { maxItems: 7 })
const CompanyBody = Type.Object({
  name: Type.String({ minLength: 2, maxLength: 100, pattern: NON_BLANK_2 }),
  email: Type.String({ format: 'email', maxLength: 200 }),
  phone: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
  planId: Type.Integer({ minimum: 1 }),
  status: Type.Optional(Type.Boolean()),
  dueDate: Type.Optional(Type.Union([DateString, Type.Null(), Type.Literal('')])),
  trialExpiration: Type.Optional(Type.Union([DateString, Type.Null(), Type.Literal('')])),
  recurrence: Type.Optional(Recurrences),
  campaignsEnabled: Type.Optional(Type.Boolean()),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
  billingName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  addressZipCode: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  addressStreet: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  addressState: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
  addressCity: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  addressDistrict: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
}, { additionalProperties: false })
const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
const PlanParams = Type.Object({ companyId: Type.Integer({ minimum: 1, maximum: 2147483647 }) })

function validTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

/** Companies (super users), a company's opening hours (its admins) and its usable plan flags. */
export default async function companiesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const Companies = app.bind(Company)
  const dto = async (c: Company) => companyDto(c, (await settingsOf(app, c.id)).campaignsEnabled !== 'false')
  const find = async (id: number) => {
    const c = await Companies.query().findById(id).withGraphFetched('plan')
    if (!c) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
    return c
  }
  /** Super users reach every company; everyone else only their own, and a foreign id is simply not found. */
  const ownOrSuper = (auth: { super: boolean; companyId: number }, id: number) => {
    if (!auth.super && auth.companyId !== id) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  }
  const checkBody = async (body: { planId?: number; timezone?: string }) => {
    if (body.planId !== undefined && !(await app.bind(Plan).query().findById(body.planId))) throw new AppError('ERR_NO_PLAN_FOUND', 404)
    if (body.timezone !== undefined && !validTimezone(body.timezone)) throw new AppError('ERR_VALIDATION', 400, [{ field: 'timezone', message: 'unknown timezone' }])
  }
  const list = async () => Promise.all((await Companies.query().withGraphFetched('plan').orderBy('name')).map(dto))

  for (const path of ['/companies', '/companies/list']) {
    api.get(path, { config: { access: 'super' }, schema: { tags: ['companies'], summary: 'Every company', response: { 200: Type.Array(CompanyDto), ...errorResponses } } }, list)
  }

  api.get('/companies/:id', {
    config: { allowOverdue: true },
    schema: { tags: ['companies'], summary: 'One company (super users: any; others: their own)', params: Params, response: { 200: CompanyDto, ...errorResponses } },
  }, async (request) => {
    ownOrSuper(request.auth!, request.params.id)
    return dto(await find(request.params.id))
  })

  api.post('/companies', {
    config: { access: 'super' },
    schema: { tags: ['companies'], summary: 'Create a company', body: CompanyBody, response: { 201: CompanyDto, ...errorResponses } },
  }, async (request, reply) => {
    const b = request.body
    await checkBody(b)
    const { company } = await createCompany(app, {
      name: b.name, email: b.email, phone: b.phone ?? null, planId: b.planId, status: b.status ?? true,
      dueDate: b.dueDate || null, trialExpiration: b.trialExpiration || null, recurrence: b.recurrence ?? 'MENSAL', campaignsEnabled: b.campaignsEnabled,
      timezone: b.timezone, billingName: b.billingName, addressZipCode: b.addressZipCode, addressStreet: b.addressStreet,
      addressState: b.addressState, addressCity: b.addressCity, addressDistrict: b.addressDistrict,
    })
    app.events.emit('company.created', { companyId: company.id })
    return reply.status(201).send(await dto(await find(company.id)))
  })

  api.put('/companies/:id', {
    config: { access: 'super' },
    schema: { tags: ['companies'], summary: 'Update a company', params: Params, body: Type.Partial(CompanyBody), response: { 200: CompanyDto, ...errorResponses } },
  }, async (request) => {
    const { campaignsEnabled, dueDate, trialExpiration, ...rest } = request.body
    const before = await find(request.params.id)
    if (rest.status === false && request.params.id === request.auth!.companyId) throw new AppError('ERR_NO_PERMISSION', 403, undefined, 'A super user cannot deactivate their own company')
    await checkBody(rest)
    try {
      await Companies.query().findById(request.params.id).patch({
        ...rest, ...(rest.name === undefined ? {} : { name: rest.name.trim() }), ...(dueDate === undefined ? {} : { dueDate: dueDate || null }),
        ...(trialExpiration === undefined ? {} : { trialExpiration: trialExpiration || null }),
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('ERR_DUPLICATED_COMPANY', 409)
      throw err
    }
    if (campaignsEnabled !== undefined) await writeSetting(app, request.params.id, 'campaignsEnabled', String(campaignsEnabled))
    app.events.emit('company.updated', { companyId: request.params.id })
    if (rest.status !== undefined && Boolean(before.status) !== rest.status) app.events.emit('company.statusChanged', { companyId: request.params.id, active: rest.status })
    const out = await dto(await find(request.params.id))
    app.realtime.publish({ companyId: out.id, topic: 'company', data: { action: 'update', company: out } })
    return out
  })

  api.delete('/companies/:id', {
    config: { access: 'super' },
    schema: { tags: ['companies'], summary: 'Delete a company and everything it owns', params: Params, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    if (request.params.id === request.auth!.companyId) throw new AppError('ERR_NO_PERMISSION', 403, undefined, 'A super user cannot delete their own company')
    await find(request.params.id)
    try {
      await Companies.query().deleteById(request.params.id)
    } catch (err) {
      // SQLite reports an ON DELETE RESTRICT refusal as SQLITE_CONSTRAINT_TRIGGER.
      if (isForeignKeyViolation(err) || (err as { code?: string }).code === 'SQLITE_CONSTRAINT_TRIGGER') throw new AppError('ERR_NO_PERMISSION', 409, undefined, 'The company still owns records that block deletion')
      throw err
    }
    app.events.emit('company.deleted', { companyId: request.params.id })
    return reply.status(204).send(null)
  })

  api.put('/companies/:id/schedules', {
    config: { access: 'admin' },
    schema: { tags: ['companies'], summary: 'The company\'s opening hours, and the timezone they are read in (default America/Sao_Paulo)', params: Params,
      body: Type.Object({ schedules: Type.Optional(Schedules), timezone: Type.Optional(Type.String({ maxLength: 64 })) }), response: { 200: CompanyDto, ...errorResponses } },
  }, async (request) => {
    ownOrSuper(request.auth!, request.params.id)
    await find(request.params.id)
    const { schedules, timezone } = request.body
    await checkBody({ timezone })
    if (schedules === undefined && timezone === undefined) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body', message: 'schedules or timezone is required' }])
    await Companies.query().findById(request.params.id).patch({ ...(schedules === undefined ? {} : { schedules }), ...(timezone === undefined ? {} : { timezone }) })
    app.events.emit('company.updated', { companyId: request.params.id })
    return dto(await find(request.params.id))
  })

  api.post('/companies/:id/add-period', {
    config: { access: 'super' },
    schema: { tags: ['companies'], summary: 'Move the due date forward by one recurrence period', params: Params, response: { 200: CompanyDto, ...errorResponses } },
  }, async (request) => {
    const c = await find(request.params.id)
    const dueDate = addPeriod(c.dueDate, (c.recurrence in RECURRENCE_MONTHS ? c.recurrence : 'MENSAL') as Recurrence, todayIn(c.timezone))
    await Companies.query().findById(c.id).patch({ dueDate })
    app.events.emit('company.updated', { companyId: c.id })
    return dto(await find(c.id))
  })

  api.get('/companies/listPlan/:companyId', {
    config: { allowOverdue: true },
    schema: { tags: ['companies'], summary: 'The company\'s plan as use* flags (switched-off modules read false)', params: PlanParams,
      response: { 200: Type.Object({ id: Type.Integer(), name: Type.String(), planId: Type.Union([Type.Integer(), Type.Null()]), plan: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]) }), ...errorResponses } },
  }, async (request) => {
    ownOrSuper(request.auth!, request.params.companyId)
    const c = await find(request.params.companyId)
    const plan = c.planId ? await app.bind(Plan).query().findById(c.planId) : undefined
    const disabled = await switchedOffFeatures(app, c.id)
    const usable = (plan?.features ?? []).filter((f) => !disabled.includes(f))
    return {
      id: c.id, name: c.name, planId: c.planId,
      plan: plan ? { id: plan.id, name: plan.name, users: plan.users, connections: plan.connections, queues: plan.queues, value: Number(plan.value), ...app.features.flags(usable) } : null,
    }
  })
}
