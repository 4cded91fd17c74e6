import type { FastifyInstance } from 'fastify'
import queueRoutes from './queue-routes.ts'
import optionRoutes from './option-routes.ts'

export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(queueRoutes)
  await app.register(optionRoutes)
}
