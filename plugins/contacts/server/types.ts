import type { ContactsService } from './service.ts'

/** What the contacts plugin adds to the app and to the domain events other plugins subscribe to. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Contact reads and writes with their realtime and events; findOrCreateContact for the tickets pipeline. */
    contacts: ContactsService
  }
}

declare module '@zapdesk/plugin-api' {
  interface DomainEvents {
    'contact.created': { companyId: number; contactId: number }
    'contact.updated': { companyId: number; contactId: number }
    'contact.deleted': { companyId: number; contactId: number }
    /** A spreadsheet import: one event for all its new contacts. */
    'contact.imported': { companyId: number; count: number }
  }
}
