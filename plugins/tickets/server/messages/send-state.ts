import type { FastifyInstance } from 'fastify'
import { newMessageId } from '@zapdesk/connections/public'

/**
 * The states of an outbound message, moved with conditional UPDATEs so that two workers (a duplicate job delivery,
 * a stalled job retaken by another instance) can never both send one message:
 *
 *   queued --claim--> sending --> sent
 *                        |------> queued (retryable failure, attempts left)
 *                        '------> failed (send_error = code: last attempt, or an error a retry cannot fix)
 *
 * The claim fixes the message's channel id (unless its caller chose one, EnqueueInput.id), so every message is sent
 * under an id stored before it leaves: its acks find it however soon they come, a send cut off on its way goes again
 * as one message at the channel, and the sweep can ask the channel about a claim that never finished (sweep.ts).
 * `updated_at` of a `sending` row is when it was claimed.
 */
export type SendOutcome = { sent: { externalId: string; ack: number; raw?: string; whatsappId: number } } | { failed: string }

const rows = (app: FastifyInstance, companyId: number, messageId: number) => app.knex('messages').where({ id: messageId, companyId })

/**
 * queued -> sending, with the message's id fixed (kept when it has one). True when this worker now owns the send; a
 * deleted (cancelled) message is never claimed.
 */
export async function claimSend(app: FastifyInstance, companyId: number, messageId: number): Promise<boolean> {
  const n = await rows(app, companyId, messageId).where({ sendStatus: 'queued', isDeleted: false }).update({
    sendStatus: 'sending', sendAttempts: app.knex.raw('send_attempts + 1'), externalId: app.knex.raw('coalesce(external_id, ?)', [newMessageId()]),
    updatedAt: new Date(),
  })
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
 * the claim meanwhile), without lowering an ack that came in before it (the id was stored at the claim); a failure
 * only replaces the claim this worker holds.
 */
export async function finishSend(app: FastifyInstance, companyId: number, messageId: number, outcome: SendOutcome): Promise<boolean> {
  if ('sent' in outcome) {
    const { externalId, ack, raw, whatsappId } = outcome.sent
    await rows(app, companyId, messageId).update({
      sendStatus: 'sent', sendError: null, externalId, ack: app.knex.raw('case when ack > ? then ack else ? end', [ack, ack]), raw: raw ?? null, whatsappId,
      updatedAt: new Date(),
    })
    return true
  }
  const n = await rows(app, companyId, messageId).where({ sendStatus: 'sending' })
    .update({ sendStatus: 'failed', sendError: outcome.failed.slice(0, 100), updatedAt: new Date() })
  return n === 1
}
