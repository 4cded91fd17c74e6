import type { FilesService } from './service.ts'

/** What the files plugin adds to the app (plugins that depend on it see this). */
declare module 'fastify' {
  interface FastifyInstance {
    /** File lists: read one, load its files to send, detach rows from a deleted list. See service.ts. */
    files: FilesService
  }
}
