/**
 * What other plugins may use from the integrations plugin (declare `dependencies: ['integrations']`, import
 * `@zapdesk/integrations/public`). Everything else here is internal, its tables included.
 *
 *   const integration = await app.integrations.get(companyId, id)   // the IntegrationJson the API answers (no secrets)
 */
import './server/types.ts'

export type { IntegrationsService } from './server/service.ts'
export type { IntegrationJson } from './server/serialize.ts'
