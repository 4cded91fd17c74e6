import type { FastifyInstance } from 'fastify'
import { Ticket } from '../models.ts'
import { renderTemplate } from '../variables.ts'

/**
 * The spec's message variables ({{firstName}}, {{name}}, {{ms}}, {{protocol}}, {{hora}}) filled in one place for
 * every outbound text: an agent's typed text or quick reply, bot menus, greetings, closing and rating texts,
 * anything a plugin sends. Read before the send's transaction (SQLite has one connection); a text without
 * variables costs nothing.
 */
export async function fillVariables(app: FastifyInstance, companyId: number, ticketId: number, body: string): Promise<string> {
  if (!body.includes('{{')) return body
  const ticket = await app.bind(Ticket).query().forCompany(companyId).findById(ticketId).select('id', 'contactId')
  if (!ticket) return body
  const [contact, company] = await Promise.all([
    app.contacts.find(companyId, ticket.contactId),
    app.knex('companies').where({ id: companyId }).first('timezone') as Promise<{ timezone: string } | undefined>,
  ])
  return renderTemplate(body, { contactName: contact?.name ?? '', ticketId, timezone: company?.timezone })
}
