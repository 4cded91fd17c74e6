import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'

/**
 * The platform's own sends store their id before they leave (send-state.ts, claimSend), but a message written on the
 * phone is stored by the inbound pipeline once the channel reports it, and its acks can come first. An unknown id is
 * looked up again after each of these pauses, soon at first, then more patiently (2.5 s in all): a loaded server's
 * pipeline can be that far behind.
 */
const LOOKUP_PAUSES_MS = [0, 100, 200, 400, 800, 1000]

/**
 * Applies one ack to the stored message: only upward (1 sent, 2 delivered, 3 read, 4 played), since acks arrive
 * out of order and a late "delivered" must not undo a "read". Returns true when the message changed.
 */
export async function applyAck(app: FastifyInstance, p: { companyId: number; whatsappId: number; externalId: string; ack: number }): Promise<boolean> {
  const { companyId, whatsappId, externalId, ack } = p
  for (const pause of LOOKUP_PAUSES_MS) {
    if (pause > 0) await sleep(pause)
    const row = (await app.knex('messages').where({ companyId, whatsappId, externalId }).first('id', 'ticketId', 'ack')) as { id: number; ticketId: number; ack: number } | undefined
    if (!row) continue
    // The condition repeats in the UPDATE: two acks racing can both pass the read, only a higher one may write.
    const n = await app.knex('messages').where({ id: row.id }).where('ack', '<', ack).update({ ack, updatedAt: new Date() })
    if (n === 0) return false
    app.events.emit('message.updated', { companyId, ticketId: row.ticketId, messageId: row.id })
    return true
  }
  return false
}

/** Local scope: the ack is emitted once, on the instance running the session; one database write is enough. */
export function trackAcks(app: FastifyInstance): void {
  app.events.on('message.ack', async (p) => void (await applyAck(app, p)))
}
