import type { FastifyInstance } from 'fastify'

/**
 * The states of an outbound message, moved with conditional UPDATEs so that two workers (a duplicate job delivery,
 * a stalled job retaken by another instance) can never both send one message:
 *
 *   queued --claim--> sending --> sent
 *                        |------> queued (retryable failure, attempts left)
 *                        '------> failed (send_error = code: last attempt, or an error a retry cannot fix)
 *
 * `updated_at` of a `sending` row is when it was claimed: the sweep marks a claim that never finished (the worker
 * died mid-send) as failed rather than sending again, since the channel may already have delivered it.
 */
export type SendOutcome = { sent: { externalId: string; ack: number; raw?: string; whatsappId: number } } | { failed: string }

const rows = (app: FastifyInstance, companyId: number, messageId: number) => app.knex('messages').where({ id: messageId, companyId })

/** queued -> sending. True when this worker now owns the send; a deleted (cancelled) message is never claimed. */
export async function claimSend(app: FastifyInstance, companyId: number, messageId: number): Promise<boolean> {
  const n = await rows(app, companyId, messageId).where({ sendStatus: 'queued', isDeleted: false })
    .update({ sendStatus: 'sending', sendAttempts: app.knex.raw('send_attempts + 1'), updatedAt: new Date() })
  return n === 1
}

/**
 * Whether the ticket's previous outbound message is still queued or being sent. The previous one is enough: it
 * waited for its own predecessor in turn. Read backwards through the (ticket_id, id) index, stopping at the first
 * outbound row, so a long ticket costs no more than the run of inbound messages since the agent last wrote.
 */
export async function earlierInFlight(app: FastifyInstance, companyId: number, message: { id: number; ticketId: number }): Promise<boolean> {
  const prev = (await app.knex('messages').where({ companyId, ticketId: message.ticketId, fromMe: true }).where('id', '<', message.id)
    .orderBy('id', 'desc').first('sendStatus', 'isDeleted')) as { sendStatus: string | null; isDeleted: boolean | number } | undefined
  return !!prev && !prev.isDeleted && (prev.sendStatus === 'queued' || prev.sendStatus === 'sending')
}

/** sending -> queued, so the job's next attempt can claim it again. */
export async function releaseSend(app: FastifyInstance, companyId: number, messageId: number): Promise<void> {
  await rows(app, companyId, messageId).where({ sendStatus: 'sending' }).update({ sendStatus: 'queued', updatedAt: new Date() })
}

/**
 * The final state. A success is recorded whatever the row says now (it was delivered, even if the sweep gave up on
 * the claim meanwhile); a failure only replaces the claim this worker holds.
 */
export async function finishSend(app: FastifyInstance, companyId: number, messageId: number, outcome: SendOutcome): Promise<boolean> {
  if ('sent' in outcome) {
    const { externalId, ack, raw, whatsappId } = outcome.sent
    await rows(app, companyId, messageId).update({ sendStatus: 'sent', sendError: null, externalId, ack, raw: raw ?? null, whatsappId, updatedAt: new Date() })
    return true
  }
  const n = await rows(app, companyId, messageId).where({ sendStatus: 'sending' })
    .update({ sendStatus: 'failed', sendError: outcome.failed.slice(0, 100), updatedAt: new Date() })
  return n === 1
}
