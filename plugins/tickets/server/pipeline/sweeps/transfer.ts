import type { FastifyInstance } from 'fastify'
import { Ticket } from '../../models.ts'

const BATCH = 200

interface DueTransfer {
  id: number
  companyId: number
  /** The connection's transferQueueId when it is still one of the company's queues. */
  queueId: number | null
}

/**
 * Pending tickets whose transferAt passed (set when the bot routed them to a queue, from the connection's
 * timeToTransfer) move to the connection's transferQueueId, leaving the bot. The move is a conditional update
 * (still pending, still due) rather than the lifecycle's transfer, which would also move a ticket an agent accepted
 * a moment ago back to pending. A connection without a valid transfer queue just drops the timer. Answers how
 * many tickets moved.
 */
export async function transferDue(app: FastifyInstance, now: Date): Promise<number> {
  let moved = 0
  for (let after = 0; ;) {
    const due: DueTransfer[] = await app.knex('tickets as t')
      .join('whatsapps as w', 'w.id', 't.whatsappId')
      .leftJoin('queues as q', function () {
        this.on('q.id', '=', 'w.transferQueueId').andOn('q.companyId', '=', 't.companyId')
      })
      .where('t.status', 'pending').where('t.transferAt', '<=', now).where('t.id', '>', after)
      .orderBy('t.id').limit(BATCH).select('t.id', 't.companyId', 'q.id as queueId')
    for (const row of due) {
      const ticket = await app.bind(Ticket).query().forCompany(row.companyId).findById(row.id)
      if (!ticket) continue
      const patch = row.queueId === null ? { transferAt: null } : { queueId: Number(row.queueId), transferAt: null, chatbot: false, queueOptionId: null }
      const changed = await app.bind(Ticket).query().forCompany(row.companyId).findById(row.id).where({ status: 'pending' }).where('transferAt', '<=', now).patch(patch)
      if (!changed || row.queueId === null) continue
      moved++
      const previous = { queueId: ticket.queueId, transferAt: ticket.transferAt, chatbot: ticket.chatbot, queueOptionId: ticket.queueOptionId }
      app.events.emit('ticket.updated', { companyId: row.companyId, ticketId: row.id, previous })
    }
    if (due.length < BATCH) break
    after = Number(due[due.length - 1].id)
  }
  return moved
}
