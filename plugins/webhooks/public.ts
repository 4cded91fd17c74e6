/**
 * What other plugins may use from the webhooks plugin (declare `dependencies: ['webhooks']`, import
 * `@zapdesk/webhooks/public`). Everything else here is internal, its tables included.
 *
 *   const endpoints = await app.webhooks.list(companyId)       // EndpointJson[] (secrets never included)
 */
import './server/types.ts'

export type { WebhooksService } from './server/service.ts'
export type { EndpointJson, DeliveryJson } from './server/serialize.ts'
export { WEBHOOK_EVENTS, type WebhookEventName } from './server/catalogue.ts'
