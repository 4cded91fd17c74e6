import type { FastifyInstance } from 'fastify'
import { Ticket } from '../models.ts'

/** The contacts with a ticket carrying this tag, by id (a campaign's tag target: tags label tickets, not contacts). */
export async function contactIdsTagged(app: FastifyInstance, companyId: number, tagId: number): Promise<number[]> {
  const rows = await app.bind(Ticket).query().forCompany(companyId).whereIn('id', app.tags.ticketIdsTagged(companyId, tagId)).distinct('contactId')
  return rows.map((r) => Number(r.contactId)).sort((a, b) => a - b)
}
