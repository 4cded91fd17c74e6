import type { FastifyInstance } from 'fastify'
import '@zapdesk/tickets/public'
import { integrationHasTicket } from './sessions.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The integration's answers to the customer, in order, `delayMs` apart (typebotDelayMessage), through the one
 * outbound path (a bot message, no user). Stops when an agent takes the ticket meanwhile: the agent answers then.
 */
export async function sendAll(app: FastifyInstance, companyId: number, ticketId: number, texts: string[], delayMs = 0): Promise<void> {
  const bodies = texts.map((t) => t.trim()).filter(Boolean)
  for (const [i, body] of bodies.entries()) {
    if (i > 0 && delayMs > 0) await sleep(delayMs)
    if (i > 0 && !(await integrationHasTicket(app, companyId, ticketId))) return
    await app.tickets.sendMessage(companyId, ticketId, { body: body.slice(0, 4096) })
  }
}
