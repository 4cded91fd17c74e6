import type { FastifyInstance } from 'fastify'
import contactListRoutes from './contact-lists/list-routes.ts'
import contactListItemRoutes from './contact-lists/item-routes.ts'
import contactListImportRoute from './contact-lists/import-route.ts'
import contactListExampleRoute from './contact-lists/example-route.ts'
import campaignRoutes from './campaigns/routes.ts'
import campaignSettingsRoutes from './settings/routes.ts'

/** Every route of the plugin is for admins (the spec's campaign pages are the admin's), under the useCampaigns gate. */
export default async function routes(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    route.config = { access: 'admin', ...(route.config ?? {}) } as typeof route.config
  })
  await app.register(contactListExampleRoute)
  await app.register(contactListRoutes)
  await app.register(contactListImportRoute)
  await app.register(contactListItemRoutes)
  await app.register(campaignRoutes)
  await app.register(campaignSettingsRoutes)
}
