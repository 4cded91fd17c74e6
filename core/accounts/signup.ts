import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import { NON_BLANK_2 } from './serialize.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Plan } from './models.ts'
import { errorResponses } from '../http/schemas.ts'
import { AppError } from '../errors/app-error.ts'
import { createCompany } from './company-service.ts'
import { addDays } from './due-date.ts'
import { todayIn } from '../auth/service.ts'

export const TRIAL_DAYS = 7
export const SIGNUP_PLAN_ID = 2

/**
 * The spec's signup payload plus the person's own name (userName; the admin is named after the company without it).
 * Only name, userName, email, phone, password and planId are taken from the client; status, due date, recurrence and
 * profile are the server's decision, whatever the body says.
 */
const SignupBody = Type.Object({
  name: Type.String({ minLength: 2, maxLength: 50, pattern: NON_BLANK_2 }),
  userName: Type.Optional(Type.String({ minLength: 2, maxLength: 50, pattern: NON_BLANK_2 })),
  email: Type.String({ format: 'email', maxLength: 200 }),
  phone: Type.Optional(Type.String({ maxLength: 30 })),
  password: Type.String({ minLength: 5, maxLength: 50 }),
  planId: Type.Optional(Type.Integer({ minimum: 1 })),
  recurrence: Type.Optional(Type.String({ maxLength: 20 })),
  dueDate: Type.Optional(Type.String({ maxLength: 40 })),
  status: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Boolean()])),
  campaignsEnabled: Type.Optional(Type.Boolean()),
  profile: Type.Optional(Type.String({ maxLength: 10 })),
})

export default async function signupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const { max, windowMs } = app.config.signupRateLimit

  api.post('/companies/cadastro', {
    config: { access: 'public' },
    schema: { tags: ['companies'], summary: `Sign up: a company with a ${TRIAL_DAYS}-day trial and its admin`, body: SignupBody,
      response: { 201: Type.Object({ id: Type.Integer(), name: Type.String(), dueDate: Type.String(), planId: Type.Integer(), userId: Type.Integer() }), ...errorResponses } },
  }, async (request, reply) => {
    const key = `signup:ip:${request.ip}`
    // Counted before the check (one atomic step), so concurrent requests cannot slip past the limit.
    if ((await app.attempts.hit(key, windowMs)) > max) throw new AppError('ERR_RATE_LIMITED', 429)
    const b = request.body
    const planId = b.planId ?? SIGNUP_PLAN_ID
    const plan = await app.bind(Plan).query().findById(planId)
    if (!plan || !plan.offeredAtSignup) throw new AppError('ERR_PLAN_NOT_OFFERED', 400)
    const digits = b.phone?.replace(/\D/g, '') ?? ''
    const trialEnd = addDays(todayIn('America/Sao_Paulo'), TRIAL_DAYS)
    const { company, user } = await createCompany(app, {
      name: b.name, email: b.email.trim().toLowerCase(), phone: digits || null, planId, status: true,
      dueDate: trialEnd, trialExpiration: trialEnd, recurrence: 'MENSAL', campaignsEnabled: true,
    }, { name: (b.userName ?? b.name).trim(), email: b.email, password: b.password })
    app.events.emit('company.created', { companyId: company.id })
    app.events.emit('user.created', { companyId: company.id, userId: user!.id })
    return reply.status(201).send({ id: company.id, name: company.name, dueDate: company.dueDate!, planId, userId: user!.id })
  })
}
