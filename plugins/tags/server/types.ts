import type { TagsService } from './service.ts'

/** What the tags plugin adds to the app and to the domain events (plugins that depend on it see these). */
declare module 'fastify' {
  interface FastifyInstance {
    /** Tag checks, ticket links and the ticket validator hook: see service.ts. */
    tags: TagsService
  }
}

declare module '@zapdesk/plugin-api' {
  interface DomainEvents {
    'tag.deleted': { companyId: number; tagId: number }
    /** After /tags/sync: the tickets plugin republishes the ticket with its new tags. */
    'ticket.tagsChanged': { companyId: number; ticketId: number; tagIds: number[] }
  }
}
