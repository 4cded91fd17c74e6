import type { FastifyInstance } from 'fastify'
import contactCrudRoutes from './crud-routes.ts'
import contactExportRoutes from './export-routes.ts'
import contactImportRoutes from './import/import-routes.ts'

/** Every route of the contacts plugin (registered under /api by the loader). */
export default async function contactsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(contactCrudRoutes)
  await app.register(contactExportRoutes)
  await app.register(contactImportRoutes)
}
