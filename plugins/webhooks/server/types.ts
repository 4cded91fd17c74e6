import type { WebhooksService } from './service.ts'

/** What the webhooks plugin adds to the app. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Endpoints, their sealed secrets, the delivery log and the worker's options: see service.ts. */
    webhooks: WebhooksService
  }
}

declare module '@zapdesk/plugin-api' {
  interface DomainEvents {
    /** A company's endpoints changed: every instance drops what it kept of them (server/endpoint-cache.ts). */
    'webhook.endpointsChanged': { companyId: number }
  }
}
