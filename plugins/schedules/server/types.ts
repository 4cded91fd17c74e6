import type { SchedulesService } from './service.ts'

/** What the schedules plugin adds to the app. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled messages of a company: list, read, change; see service.ts. */
    schedules: SchedulesService
  }
}
