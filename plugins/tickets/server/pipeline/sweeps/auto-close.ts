import type { FastifyInstance } from 'fastify'
import { sendAutomatic } from '../steps/reply.ts'

const BATCH = 200

interface ExpiringConnection {
  id: number
  companyId: number
  expiresTicket: number
  expiresInactiveMessage: string | null
}

/** Tickets silent since before the cutoff: by their last message, or (never a message) by their last change. */
function silentSince(app: FastifyInstance, cutoff: Date, w: ExpiringConnection) {
  return app.knex('tickets').where({ companyId: w.companyId, whatsappId: w.id }).whereIn('status', ['open', 'pending'])
    .where((q) => q.where('lastMessageAt', '<', cutoff).orWhere((inner) => inner.whereNull('lastMessageAt').where('updatedAt', '<', cutoff)))
}

/**
 * Auto-close: on connections with expiresTicket > 0, open and pending tickets whose last message is older than that
 * many minutes are closed through the lifecycle (reason 'expired': no rating request, no completion text) and the
 * connection's expiresInactiveMessage, if any, tells the contact. Driven by the database alone, so the sweep after
 * a restart closes what came due while nothing ran. Answers how many it closed.
 */
export async function closeInactive(app: FastifyInstance, now: Date): Promise<number> {
  const connections: ExpiringConnection[] = await app.connections.expiring()
  let closed = 0
  for (const w of connections) {
    const cutoff = new Date(now.getTime() - Number(w.expiresTicket) * 60_000)
    for (let after = 0; ;) {
      const rows: Array<{ id: number }> = await silentSince(app, cutoff, w).where('id', '>', after).orderBy('id').limit(BATCH).select('id')
      for (const { id } of rows) {
        // Checked again right before closing: a message may have come in since the batch was read.
        if (!(await silentSince(app, cutoff, w).where({ id }).first('id'))) continue
        try {
          await app.tickets.lifecycle.close(w.companyId, Number(id), { by: null, reason: 'expired' })
          closed++
          await sendAutomatic(app, w.companyId, Number(id), w.expiresInactiveMessage)
        } catch (err) {
          // One ticket that cannot close must not hold up the others; the next sweep tries it again.
          app.log.error({ err, companyId: w.companyId, ticketId: id }, 'auto-close of an inactive ticket failed')
        }
      }
      if (rows.length < BATCH) break
      after = Number(rows[rows.length - 1].id)
    }
  }
  return closed
}
