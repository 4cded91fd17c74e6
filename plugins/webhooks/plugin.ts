import { definePlugin } from '@zapdesk/plugin-api'
import '@zapdesk/contacts/public'
import '@zapdesk/connections/public'
import '@zapdesk/tickets/public'
import routes from './server/routes.ts'
import { WebhooksService } from './server/service.ts'
import { listenToDomainEvents } from './server/outbox/listen.ts'
import { scheduleWakeUps, wakeJob } from './server/outbox/worker.ts'
import { sampleWebhook } from './server/testing.ts'
import './server/types.ts'

/**
 * Outbound webhooks (admins): a company's endpoints receive the domain events they chose as signed JSON, from a
 * persistent outbox, retried with backoff for 24 h, in order per ticket, through the SSRF guard (see README.md).
 * No plan flag: the spec has none for it.
 */
export default definePlugin({
  name: 'webhooks',
  version: '1.0.0',
  description: 'Outbound webhooks: signed domain events posted to a company\'s endpoints, retried for 24 h, in order per ticket',
  dependencies: ['contacts', 'connections', 'tickets'],
  optionalDependencies: ['campaigns', 'billing'],
  tables: ['webhook_endpoints', 'webhook_deliveries'],
  provides: ['webhooks'],
  events: ['webhook.endpointsChanged'],
  errorCodes: ['ERR_NO_WEBHOOK_FOUND', 'ERR_NO_WEBHOOK_DELIVERY_FOUND', 'ERR_WEBHOOK_URL_INVALID', 'ERR_WEBHOOK_URL_NOT_ALLOWED', 'ERR_WEBHOOK_DELIVERY_PENDING', 'ERR_WEBHOOK_DISABLED'],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { webhook: { adminOnly: true } },
  jobs: { wake: wakeJob },
  permissions: { 'webhooks:manage': ['admin'] },
  setup(app) {
    app.decorate('webhooks', new WebhooksService(app))
    listenToDomainEvents(app)
    scheduleWakeUps(app)
  },
  tenantFixtures: sampleWebhook,
})
