import type { IntegrationsService } from './service.ts'
import type { IntegrationRunner } from './options.ts'

/** What the integrations plugin adds to the app. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The company's queue integrations and their sealed secrets: see service.ts. */
    integrations: IntegrationsService
    /** The runner's options (timeouts, the allow-list, Dialogflow's addresses); see options.ts. */
    integrationRunner: IntegrationRunner
  }
}
