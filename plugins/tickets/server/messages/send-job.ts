import type { FastifyInstance } from 'fastify'
import type { JobDefinition } from '@zapdesk/plugin-api'
import { sendFailureOf, type OutboundMessage, type SendFailure } from '@zapdesk/connections/public'
import { Message, Ticket } from '../models.ts'
import { loadContactJid } from './recipient.ts'
import { claimSend, earlierInFlight, finishSend, releaseSend, type SendOutcome } from './send-state.ts'

export interface SendJobData {
  companyId: number
  messageId: number
}

/** Extra attempts after the first, and the first retry's delay (doubling): about 30 s of retries in all. */
export const SEND_RETRIES = 5
export const SEND_BACKOFF_MS = 1000

/** A failure no retry can fix (no recipient, missing file, the channel refusing the message): fail at once. */
class PermanentSendError extends Error {
  constructor(readonly code: string) {
    super(code)
  }
}

/** Another worker holds the claim: this run checks again later (the sweep covers a holder that died). */
class SendInProgress extends Error {
  constructor(messageId: number) {
    super(`message ${messageId} is being sent by another worker`)
  }
}

/** An earlier message of the ticket is still on its way: sends of one chat keep their order. */
class WaitingForEarlier extends Error {
  constructor(messageId: number) {
    super(`message ${messageId} waits for an earlier message of its ticket`)
  }
}

/** A failure of this job's own checks fails at once; the channel's failures follow the connections plugin's rule. */
function failureOf(err: unknown): SendFailure {
  if (err instanceof PermanentSendError) return { code: err.code, retryable: false }
  return sendFailureOf(err)
}

const DRIVER_MEDIA: Record<string, 'image' | 'audio' | 'video' | 'document'> = { image: 'image', audio: 'audio', video: 'video' }

/** The channel's message for a stored row: recipient, text, quoted reference and the media's bytes. */
async function outboundOf(app: FastifyInstance, companyId: number, message: Message): Promise<{ whatsappId: number; outbound: OutboundMessage }> {
  const ticket = await app.bind(Ticket).query().forCompany(companyId).findById(message.ticketId)
  if (!ticket) throw new PermanentSendError('ERR_NO_TICKET_FOUND')
  const whatsappId = message.whatsappId ?? ticket.whatsappId
  if (!whatsappId) throw new PermanentSendError('ERR_NO_DEF_WAPP_FOUND')
  const to = await loadContactJid(app, companyId, ticket.contactId)
  if (!to) throw new PermanentSendError('ERR_WAPP_INVALID_CONTACT')
  // Under the id its claim fixed (or its caller chose, EnqueueInput.id).
  const outbound: OutboundMessage = { to, ...(message.externalId ? { id: message.externalId } : {}), ...(message.body ? { body: message.body } : {}) }
  if (message.quotedMsgId) {
    const quoted = await app.bind(Message).query().forCompany(companyId).findById(message.quotedMsgId)
    // A quote of a message the channel never knew (not sent; failed, though it holds the id it was to go under) goes
    // out as a plain message.
    if (quoted?.externalId && quoted.sendStatus !== 'failed') {
      outbound.quoted = { externalId: quoted.externalId, fromMe: Boolean(quoted.fromMe), body: quoted.body, ...(quoted.participant ? { participant: quoted.participant } : {}) }
    }
  }
  if (message.mediaPath) {
    const data = await app.storage.readBuffer(companyId, message.mediaPath)
    if (!data) throw new PermanentSendError('ERR_NO_MEDIA_FOUND')
    outbound.media = {
      type: DRIVER_MEDIA[message.mediaType] ?? 'document', data,
      mimetype: message.mediaMimetype ?? 'application/octet-stream', fileName: message.mediaName ?? undefined,
    }
  }
  return { whatsappId, outbound }
}

/**
 * The `sendMessage` job: sends one stored outbound message once. Idempotent: only the worker that moves the row
 * from queued to sending sends it, so a re-run for a message already sent (or being sent) does nothing. Jobs run
 * in parallel (and on several instances), so a message waits while an earlier one of its ticket is in flight.
 * A retryable failure puts the row back to queued and throws (the queue retries with backoff); the last attempt,
 * or a failure that cannot improve, leaves it failed with the error code and emits message.updated.
 */
export async function runSendJob(app: FastifyInstance, data: SendJobData, job: Pick<Parameters<JobDefinition['handler']>[1], 'attempt'>): Promise<void> {
  const { companyId, messageId } = data
  const lastAttempt = job.attempt > SEND_RETRIES
  const find = () => app.bind(Message).query().forCompany(companyId).findById(messageId)
  const before = await find()
  if (!before) return // gone with its ticket
  // The last attempt sends regardless: a message is better out of order than never sent.
  if (before.sendStatus === 'queued' && !lastAttempt && (await earlierInFlight(app, companyId, before))) throw new WaitingForEarlier(messageId)
  if (!(await claimSend(app, companyId, messageId))) {
    const row = await find()
    if (row?.sendStatus === 'sending' && !lastAttempt) throw new SendInProgress(messageId)
    return // cancelled, already sent or failed: nothing to do
  }
  const message = await find()
  if (!message) return
  let sent: SendOutcome
  try {
    const { whatsappId, outbound } = await outboundOf(app, companyId, message)
    const result = await app.channels.send(companyId, whatsappId, outbound)
    sent = { sent: { externalId: result.externalId, ack: result.ack, raw: result.raw, whatsappId } }
  } catch (err) {
    const { code, retryable } = failureOf(err)
    // A send cut off on its way (ERR_SEND_INTERRUPTED) may have left; under the id its claim fixed, going again is
    // still one message at the channel, so it is retried like the rest.
    if ((retryable || code === 'ERR_SEND_INTERRUPTED') && !lastAttempt) {
      await releaseSend(app, companyId, messageId)
      throw err
    }
    app.log.warn({ err, companyId, messageId, attempt: job.attempt }, 'message send failed')
    if (await finishSend(app, companyId, messageId, { failed: code })) app.events.emit('message.updated', { companyId, ticketId: message.ticketId, messageId })
    return
  }
  // Outside the try: once the channel has the message, a failure to record it must not release the claim (a retry
  // would send it again). The row stays `sending` and the sweep marks it interrupted.
  await finishSend(app, companyId, messageId, sent)
  app.events.emit('message.updated', { companyId, ticketId: message.ticketId, messageId })
}
