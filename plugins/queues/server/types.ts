import type { QueuesService } from './service.ts'

/** What the queues plugin adds to the app and to the domain events (plugins that depend on it see these). */
declare module 'fastify' {
  interface FastifyInstance {
    /** Queue lookups and checks for other plugins (tickets, connections, prompts): see service.ts. */
    queues: QueuesService
  }
}

declare module '@zapdesk/plugin-api' {
  interface DomainEvents {
    /** A queue is gone with its options and user links; plugins holding plain queue ids (connections) drop theirs. */
    'queue.deleted': { companyId: number; queueId: number }
  }
}
