import type { FastifyInstance } from 'fastify'

/**
 * Sends an automatic message (greeting, menu, out-of-hours, completion...) on a ticket through the outbound sender,
 * which fills in the spec's variables and queues the send. Blank texts are not sent. Answers whether something was.
 */
export async function sendAutomatic(app: FastifyInstance, companyId: number, ticketId: number, text: string | null | undefined): Promise<boolean> {
  const body = text?.trim()
  if (!body) return false
  await app.tickets.sender.enqueue(companyId, ticketId, { body })
  return true
}
