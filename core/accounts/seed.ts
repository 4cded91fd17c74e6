import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { Plan, User } from './models.ts'
import { createCompany } from './company-service.ts'

export const PLATFORM_COMPANY = 'Zapdesk'

/** Plan 1 (Básico) and plan 2 (PRO, every feature): the ids the spec's signup relies on. */
export async function seedPlans(app: FastifyInstance): Promise<void> {
  const Plans = app.bind(Plan)
  if (await Plans.query().first()) return
  const all = app.features.list().map((f) => f.feature)
  await Plans.query().insert({ name: 'Básico', users: 3, connections: 1, queues: 3, value: 99, term: 'MENSAL', features: ['useSchedules', 'useInternalChat'], offeredAtSignup: true, bankPlanId: null })
  await Plans.query().insert({ name: 'PRO', users: 20, connections: 5, queues: 20, value: 199, term: 'MENSAL', features: all, offeredAtSignup: true, bankPlanId: null })
  await Plans.query().insert({ name: 'Enterprise', users: 0, connections: 0, queues: 0, value: 499, term: 'MENSAL', features: all, offeredAtSignup: false, bankPlanId: null })
}

export async function createSuperUser(app: FastifyInstance, email: string, password: string): Promise<User> {
  await seedPlans(app)
  const pro = await app.bind(Plan).query().findOne({ name: 'PRO' })
  const existing = await app.knex('companies').where({ name: PLATFORM_COMPANY }).first('id')
  const companyId = existing?.id ?? (await createCompany(app, { name: PLATFORM_COMPANY, planId: pro!.id, status: true, dueDate: null, recurrence: 'MENSAL' })).company.id
  return app.bind(User).query().forCompany(companyId).insert({
    name: 'Super Admin', email: email.trim().toLowerCase(), passwordHash: await app.authService.hashPassword(password),
    profile: 'admin', super: true, allTicket: 'enabled', tokenVersion: 0, online: false,
  })
}

const generated = () => randomBytes(9).toString('base64url')

/**
 * What a first run needs: plans, the super user (from ADMIN_EMAIL/ADMIN_PASSWORD; in development a generated
 * password printed once) and, in development, a demo company. Production never gets a default password.
 */
export async function seedFirstRun(app: FastifyInstance, print: (line: string) => void): Promise<void> {
  await seedPlans(app)
  const hasSuper = await app.bind(User).query().unscoped().findOne({ super: true })
  if (hasSuper) return
  const { adminEmail, adminPassword, env } = app.config
  if (adminEmail && adminPassword) {
    await createSuperUser(app, adminEmail, adminPassword)
    print(`Super user created: ${adminEmail}`)
  } else if (env === 'production') {
    print('No super user exists. Create one with: npm run cli -- create-super-user --email you@example.com --password <at least 8 characters>')
    return
  } else {
    const password = generated()
    await createSuperUser(app, 'admin@zapdesk.local', password)
    print(`Super user created (shown once): admin@zapdesk.local / ${password}`)
  }
  if (env !== 'production' && !(await app.knex('companies').where({ name: 'Empresa Demo' }).first())) {
    const password = generated()
    const today = new Date()
    today.setUTCDate(today.getUTCDate() + 30)
    const pro = await app.bind(Plan).query().findOne({ name: 'PRO' })
    await createCompany(app, { name: 'Empresa Demo', email: 'demo@zapdesk.local', planId: pro!.id, status: true, dueDate: today.toISOString().slice(0, 10), recurrence: 'MENSAL' },
      { name: 'Admin Demo', email: 'demo@zapdesk.local', password })
    print(`Demo company admin (shown once): demo@zapdesk.local / ${password}`)
  }
}
