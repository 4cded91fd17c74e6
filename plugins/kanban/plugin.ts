import { definePlugin } from '@zapdesk/plugin-api'
import '@zapdesk/tags/public'
import '@zapdesk/tickets/public'
import routes from './server/routes.ts'
import { setupRealtime } from './server/realtime.ts'

/** Kanban: the board of pending and open tickets in lanes (one per kanban tag, plus "Em aberto"), moved by tags. */
export default definePlugin({
  name: 'kanban',
  version: '1.0.0',
  tables: [],
  description: 'Kanban board of tickets by kanban tag',
  dependencies: ['tickets', 'tags'],
  feature: 'useKanban',
  routes,
  topics: { kanban: {} },
  setup: setupRealtime,
  async tenantFixtures(app, companyId, marker) {
    // Imported when the checks call it: test helpers stay out of a running server.
    const { sampleTicket } = await import('@zapdesk/tickets/testing')
    const ticket = await sampleTicket(app, companyId, { name: `Kanban ${marker}`, lastMessage: `Última ${marker}` })
    return { 'ticket-tags.ticketId': ticket.id }
  },
})
