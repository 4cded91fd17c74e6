import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { TagsService } from './server/service.ts'
import { Tag, TICKET_TAGS } from './server/models.ts'
import { KANBAN_PERMISSION } from './server/tag-routes.ts'
import './server/types.ts'

/** Tags: company labels for tickets, with ticket counts, kanban lanes and the ticket <-> tag links (ticket_tags). */
export default definePlugin({
  name: 'tags',
  version: '1.0.0',
  tables: ['tags', 'ticket_tags'],
  provides: ['tags'],
  events: ['tag.deleted', 'ticket.tagsChanged'],
  description: 'Tags, kanban lanes and ticket tags',
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { tag: {} },
  permissions: { [KANBAN_PERMISSION]: ['admin'] },
  setup(app) {
    app.decorate('tags', new TagsService(app))
  },
  async tenantFixtures(app, companyId, marker) {
    const tag = await app.bind(Tag).query().forCompany(companyId).insert({ name: `Tag ${marker}`, color: '#112233', kanban: true, userId: null })
    // A link to a ticket id that only this company uses: other companies' calls must leave it alone.
    await app.knex(TICKET_TAGS).insert({ companyId, ticketId: 900000 + companyId, tagId: tag.id, createdAt: new Date() })
    return { tags: tag.id, tagId: tag.id }
  },
})
