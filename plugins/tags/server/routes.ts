import type { FastifyInstance } from 'fastify'
import tagRoutes from './tag-routes.ts'
import syncRoutes from './sync-routes.ts'

export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(tagRoutes)
  await app.register(syncRoutes)
}
