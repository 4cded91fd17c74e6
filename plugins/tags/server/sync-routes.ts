import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, Type, errorResponses } from '@zapdesk/plugin-api'
import { Tag } from './models.ts'
import { TagDto } from './dto.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const SyncBody = Type.Object({
  ticketId: Id,
  // The web app sends the tag objects it shows; bare ids are accepted too.
  tags: Type.Array(Type.Union([Id, Type.Object({ id: Id })]), { maxItems: 100 }),
})

/** POST /tags/sync: a ticket's tags become exactly the given ones. */
export default async function syncRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.post('/tags/sync', {
    schema: { summary: 'Set a ticket\'s tags (the ticket is checked by the tickets plugin; without it no ticket exists)', body: SyncBody,
      response: { 200: Type.Object({ tags: Type.Array(TagDto) }), ...errorResponses } },
  }, async (request) => {
    const auth = request.auth!
    const { ticketId } = request.body
    const tagIds = [...new Set(request.body.tags.map((t) => (typeof t === 'number' ? t : t.id)))]
    await app.knex.transaction(async (trx) => {
      if (!app.tags.validateTicket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
      await app.tags.validateTicket(auth, ticketId, trx)
      await app.tags.setTicketTags(auth.companyId, ticketId, tagIds, trx)
    })
    app.events.emit('ticket.tagsChanged', { companyId: auth.companyId, ticketId, tagIds })
    const rows = tagIds.length ? await app.bind(Tag).query().forCompany(auth.companyId).whereIn('id', tagIds).orderByRaw('lower(tags.name), tags.id') : []
    return { tags: await app.tags.withCounts(auth.companyId, rows) }
  })
}
