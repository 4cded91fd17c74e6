import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { createCompany } from '../accounts/company-service.ts'
import { Plan, User } from '../accounts/models.ts'

export interface TestUser {
  id: number
  companyId: number
  email: string
  password: string
  token: string
  headers: { authorization: string }
}

const suffix = () => randomBytes(4).toString('hex')

/**
 * A signed-in test user without a login call (login rate limits stay out of unrelated tests): in `sessionId`, or a
 * new session.
 */
export async function sessionFor(app: FastifyInstance, user: User, password: string, sessionId?: number): Promise<TestUser> {
  const sid = sessionId ?? await app.authService.sessions.open(user.id, user.companyId, 'test fixture')
  const token = app.authService.signAccess(user.id, user.companyId, user.tokenVersion, sid)
  return { id: user.id, companyId: user.companyId, email: user.email, password, token, headers: { authorization: `Bearer ${token}` } }
}

export async function createUser(app: FastifyInstance, companyId: number, fields: Partial<Pick<User, 'name' | 'profile' | 'super' | 'allTicket'>> = {}): Promise<TestUser> {
  const password = 'Secret123'
  const user = await app.bind(User).query().forCompany(companyId).insert({
    name: fields.name ?? `User ${suffix()}`, email: `u${suffix()}@example.test`, passwordHash: await app.authService.hashPassword(password),
    profile: fields.profile ?? 'user', super: fields.super ?? false, allTicket: fields.allTicket ?? 'desabled', tokenVersion: 0, online: false,
  })
  return sessionFor(app, user, password)
}

export interface TestCompany {
  id: number
  name: string
  admin: TestUser
  user: TestUser
}

/**
 * A company on a plan (PRO by default) with one admin and one agent. The agent may see tickets without a queue
 * (allTicket 'enabled'), as most tests open tickets without one; tests of the visibility rule make their own agents.
 */
export async function createCompanyWithUsers(app: FastifyInstance, opts: { name?: string; planName?: string; dueDate?: string | null } = {}): Promise<TestCompany> {
  const plan = await app.bind(Plan).query().findOne({ name: opts.planName ?? 'PRO' })
  const due = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10)
  const { company } = await createCompany(app, { name: opts.name ?? `Company ${suffix()}`, email: `c${suffix()}@example.test`, planId: plan!.id, status: true, dueDate: opts.dueDate === undefined ? due : opts.dueDate, recurrence: 'MENSAL' })
  return { id: company.id, name: company.name, admin: await createUser(app, company.id, { profile: 'admin', name: 'Admin' }), user: await createUser(app, company.id, { profile: 'user', name: 'Agent', allTicket: 'enabled' }) }
}

export async function createSuper(app: FastifyInstance): Promise<TestUser> {
  const c = await createCompanyWithUsers(app, { dueDate: null })
  return createUser(app, c.id, { profile: 'admin', super: true, name: 'Super' })
}
