import type { FastifyInstance } from 'fastify'
import { Ticket } from '../../models.ts'

const BATCH = 200

interface DueTransfer {
  id: number
  companyId: number
  /** The connection's transferQueueId when it is still one of the company's queues. */
  queueId: number | null
}

/** Each due ticket with its connection's transferQueueId when that is still one of the company's queues. */
async function withTransferQueues(app: FastifyInstance, rows: Array<{ id: number; companyId: number; whatsappId: number }>): Promise<DueTransfer[]> {
  const byCompany = new Map<number, number[]>()
  for (const r of rows) byCompany.set(Number(r.companyId), [...(byCompany.get(Number(r.companyId)) ?? []), Number(r.whatsappId)])
  const targets = new Map<string, number | null>()
  for (const [companyId, whatsappIds] of byCompany) {
    const connections = await app.connections.rows(companyId, whatsappIds)
    const wanted = [...connections.values()].map((c) => c.transferQueueId).filter((id): id is number => typeof id === 'number')
    const queues = await app.queues.describe(companyId, wanted)
    for (const c of connections.values()) {
      const queueId = typeof c.transferQueueId === 'number' && queues.has(c.transferQueueId) ? c.transferQueueId : null
      targets.set(`${companyId}:${c.id}`, queueId)
    }
  }
  return rows.filter((r) => targets.has(`${r.companyId}:${r.whatsappId}`))
    .map((r) => ({ id: Number(r.id), companyId: Number(r.companyId), queueId: targets.get(`${r.companyId}:${r.whatsappId}`)! }))
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
    const rows: Array<{ id: number; companyId: number; whatsappId: number }> = await app.knex('tickets')
      .where('status', 'pending').where('transferAt', '<=', now).where('id', '>', after).whereNotNull('whatsappId')
      .orderBy('id').limit(BATCH).select('id', 'companyId', 'whatsappId')
    const due = await withTransferQueues(app, rows)
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
    if (rows.length < BATCH) break
    after = Number(rows[rows.length - 1].id)
  }
  return moved
}
