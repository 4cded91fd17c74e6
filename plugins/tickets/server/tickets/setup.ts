import type { FastifyInstance } from 'fastify'
import ticketRoutes from './ticket-routes.ts'
import noteRoutes from './note-routes.ts'
import { TicketLifecycle } from './lifecycle.ts'
import { setupTicketsRealtime } from './realtime.ts'
import { registerTagHooks } from './tag-hooks.ts'
import { registerDeletionHooks } from './deletion-hooks.ts'

export { ticketsFixtures } from './fixtures.ts'
export { ticketRooms } from './realtime.ts'

/** The ticket API's routes (registered under /api by the loader). */
export async function ticketsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(ticketRoutes)
  await app.register(noteRoutes)
}

/**
 * `app.tickets.lifecycle`, the realtime frames, the tags plugin's ticket check, and what
 * happens to tickets when their contact, connection or queue is deleted.
 */
export function setupTickets(app: FastifyInstance): void {
  app.tickets.lifecycle = new TicketLifecycle(app)
  setupTicketsRealtime(app)
  registerTagHooks(app)
  registerDeletionHooks(app)
}
