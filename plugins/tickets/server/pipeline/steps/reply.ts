import type { FastifyInstance } from 'fastify'
import { renderTemplate } from '../../variables.ts'

/** The company's timezone, for {{ms}} and {{hora}} in automatic messages. */
async function timezoneOf(app: FastifyInstance, companyId: number): Promise<string> {
  const row = await app.knex('companies').where({ id: companyId }).first('timezone')
  return row?.timezone ?? 'UTC'
}

/**
 * Sends an automatic message (greeting, menu, out-of-hours, completion...) on a ticket: the spec's variables are
 * filled in with the company's clock, and the outbound sender stores it and queues the send. Blank texts are not
 * sent. Answers whether something was sent.
 */
export async function sendAutomatic(app: FastifyInstance, companyId: number, ticketId: number, contactName: string, text: string | null | undefined): Promise<boolean> {
  if (!text || !text.trim()) return false
  const body = renderTemplate(text, { contactName, ticketId, timezone: await timezoneOf(app, companyId) }).trim()
  if (!body) return false
  await app.tickets.sender.enqueue(companyId, ticketId, { body })
  return true
}
