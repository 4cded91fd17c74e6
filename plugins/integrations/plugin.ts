import { definePlugin } from '@zapdesk/plugin-api'
import '@zapdesk/connections/public'
import '@zapdesk/queues/public'
import '@zapdesk/tickets/public'
import routes from './server/routes.ts'
import { IntegrationsService } from './server/service.ts'
import { IntegrationRunner } from './server/options.ts'
import { deliverJob } from './server/runner/deliver.ts'
import { converseJob } from './server/runner/converse.ts'
import { integrationStep } from './server/runner/step.ts'
import { listenToTickets } from './server/runner/sessions.ts'
import { sampleIntegration } from './server/testing.ts'
import './server/types.ts'

/**
 * Queue integrations (the spec's /queue-integration page, plan feature useIntegrations): a typebot, an n8n flow, a
 * webhook or a Dialogflow agent talks to a queue's customers until it hands the ticket back (see README.md).
 */
export default definePlugin({
  name: 'integrations',
  version: '1.0.0',
  description: 'Queue integrations: typebot, n8n, webhooks and Dialogflow answer a queue\'s customers, then hand back',
  dependencies: ['queues', 'connections', 'tickets'],
  tables: ['queue_integrations', 'integration_sessions', 'integration_deliveries'],
  provides: ['integrations', 'integrationRunner'],
  feature: 'useIntegrations',
  errorCodes: ['ERR_NO_INTEGRATION_FOUND', 'ERR_INTEGRATION_URL_NOT_ALLOWED', 'ERR_INTEGRATION_TEST_FAILED'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { queueIntegration: { adminOnly: true } },
  jobs: { deliver: deliverJob, converse: converseJob },
  setup(app) {
    app.decorate('integrations', new IntegrationsService(app))
    app.decorate('integrationRunner', new IntegrationRunner())
    app.queues.integrationHooks.validate = (companyId, id, trx) => app.integrations.assertId(companyId, id, trx)
    app.channels.integrationHooks.validate = (companyId, id, trx) => app.integrations.assertId(companyId, id, trx)
    app.tickets.addStep(integrationStep)
    listenToTickets(app)
  },
  tenantFixtures: sampleIntegration,
})
