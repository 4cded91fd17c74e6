import type { ChatsService } from './service.ts'

/** What the chats plugin adds to the app (plugins that depend on it see this). */
declare module 'fastify' {
  interface FastifyInstance {
    /** The internal chat: the caller's chats, their messages, membership. See service.ts. */
    chats: ChatsService
  }
}
