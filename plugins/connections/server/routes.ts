import type { FastifyInstance } from 'fastify'
import whatsappRoutes from './whatsapp-routes.ts'
import apiTokenRoutes from './api-token-routes.ts'
import sessionRoutes from './session-routes.ts'
import sandboxRoutes from './sandbox/routes.ts'

/** Every HTTP route of the connections plugin (registered under /api by the loader). */
export default async function connectionsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(whatsappRoutes)
  await app.register(apiTokenRoutes)
  await app.register(sessionRoutes)
  await app.register(sandboxRoutes)
}
