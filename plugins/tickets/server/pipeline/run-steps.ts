import type { FastifyInstance } from 'fastify'
import { Ticket } from '../models.ts'
import type { InboundContext } from './steps.ts'

/** Per app: the tail of each ticket's chain of step runs. */
const chains = new WeakMap<FastifyInstance, Map<number, Promise<void>>>()

/**
 * Runs one ticket's step runs one after the other, in the order their messages were stored. A connection's session
 * lives on one instance, so all of a contact's messages on it arrive in this process: a contact typing '1' right
 * after the greeting is answered after the menu went out, never at the same time. (The steps' own writes are
 * conditional updates as well, for the moment a session moves to another instance.)
 */
function serialized(app: FastifyInstance, ticketId: number, work: (waited: boolean) => Promise<void>): Promise<void> {
  let tails = chains.get(app)
  if (!tails) chains.set(app, (tails = new Map()))
  const before = tails.get(ticketId)
  const run = (before ?? Promise.resolve()).then(() => work(before !== undefined))
  const tail = run.catch(() => undefined)
  tails.set(ticketId, tail)
  void tail.then(() => {
    if (tails.get(ticketId) === tail) tails.delete(ticketId)
  })
  return run
}

/**
 * The registered inbound steps, lowest order first, for a stored message of a pending or open ticket (or a rating
 * answer stored in the closed ticket that asked for it; the rating step ends those). Messages sent from the phone
 * only meet steps that ask for them (`runOnFromMe`). A failing step is logged and the next one runs: one broken
 * plugin must not silence the others.
 */
export function runSteps(app: FastifyInstance, ctx: InboundContext): Promise<void> {
  return serialized(app, ctx.ticket.id, async (waited) => {
    // The steps of an earlier message may have changed the ticket (menu sent, queue chosen) while this one waited.
    if (waited) ctx.ticket = (await app.bind(Ticket).query().forCompany(ctx.companyId).findById(ctx.ticket.id)) ?? ctx.ticket
    if (ctx.ticket.status === 'closed' && !ctx.ticket.awaitingRating) return
    for (const step of app.tickets.listSteps()) {
      if (ctx.message.fromMe && !step.runOnFromMe) continue
      try {
        if ((await step.run(ctx)) === 'stop') return
      } catch (err) {
        app.log.error({ err, step: step.name, companyId: ctx.companyId, ticketId: ctx.ticket.id }, 'inbound step failed')
      }
    }
  })
}
