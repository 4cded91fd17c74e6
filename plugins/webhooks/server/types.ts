import type { WebhooksService } from './service.ts'

/** What the webhooks plugin adds to the app. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Endpoints, their sealed secrets, the delivery log and the worker's options: see service.ts. */
    webhooks: WebhooksService
  }
}
