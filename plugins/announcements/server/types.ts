import type { AnnouncementsService } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    announcements: AnnouncementsService
  }
}
