import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import authRoutes from '../auth/routes.ts'
import companiesRoutes from './companies.ts'
import signupRoutes from './signup.ts'
import plansRoutes from './plans.ts'
import usersRoutes from './users.ts'
import settingsRoutes from './settings.ts'
import helpsRoutes from './helps.ts'
import modulesRoutes from './modules.ts'
import passwordResetRoutes from './password-reset.ts'

export const VERSION = '6.0.0'

/** The core's own API: accounts, sessions and the platform version. */
export default async function coreRoutes(app: FastifyInstance): Promise<void> {
  app.get('/version', {
    config: { access: 'public' },
    schema: { tags: ['platform'], summary: 'Platform version', response: { 200: Type.Object({ version: Type.String() }) } },
  }, async () => ({ version: VERSION }))
  for (const routes of [authRoutes, companiesRoutes, signupRoutes, plansRoutes, usersRoutes, settingsRoutes, helpsRoutes, modulesRoutes, passwordResetRoutes]) {
    await app.register(routes)
  }
}
