import type { FastifyInstance } from 'fastify'
import { loadContactJid } from './recipient.ts'

/** A minute; fault tests shorten it (ZAPDESK_SEND_SWEEP_MS) rather than wait for it. */
const sweepEveryMs = (): number => Number(process.env.ZAPDESK_SEND_SWEEP_MS) || 60_000
/** Longer than the whole retry schedule (about 30 s, each attempt refreshing updated_at) and a busy queue's wait. */
const QUEUED_GRACE_MS = 2 * 60_000
/**
 * Longer than any one send (a send carried to another instance times out after 15 s): 2 minutes; fault tests whose
 * sends are the sandbox's, on one instance, shorten it (ZAPDESK_SEND_STALE_MS).
 */
const sendingStaleMs = (): number => Number(process.env.ZAPDESK_SEND_STALE_MS) || 2 * 60_000
const BATCH = 500

/**
 * The safety net under the send job, run on every instance every minute:
 * - a message still queued long after its last attempt lost its job (the in-process queue does not survive a
 *   restart; Redis may have been down when it was queued): it is queued again (the job id dedups a live job). The
 *   sweep a start runs (`restart`) queues every queued message again, however recent: a process killed between
 *   storing a message and queueing its job left it without one, and its later messages wait for it;
 * - a claim (sending) that never finished means a worker died mid-send: the channel may or may not have the
 *   message. The claim fixed the id it goes under, so the channel is asked (settleByChannel); a claim without one (made
 *   before claims fixed ids) or whose channel cannot be asked is NOT sent again but marked failed
 *   (ERR_SEND_INTERRUPTED) for the agent to check and resend.
 */
export async function sweepOutbound(app: FastifyInstance, now = Date.now(), { restart = false } = {}): Promise<{ requeued: number; interrupted: number }> {
  const queued = (await app.knex('messages').where({ sendStatus: 'queued', isDeleted: false })
    .where('updatedAt', '<', new Date(restart ? now : now - QUEUED_GRACE_MS)).orderBy('updatedAt').limit(BATCH).select('id', 'companyId')) as Array<{ id: number; companyId: number }>
  for (const m of queued) await app.tickets.sender.queueSend(m.companyId, m.id)

  const cutoff = new Date(now - sendingStaleMs())
  const stale = (await app.knex('messages').where({ sendStatus: 'sending' }).where('updatedAt', '<', cutoff)
    .limit(BATCH).select('id', 'companyId', 'ticketId', 'contactId', 'whatsappId', 'externalId')) as StaleClaim[]
  let interrupted = 0
  for (const m of stale) {
    if (m.externalId && (await settleByChannel(app, m, cutoff))) continue
    // Conditional: the worker may have finished between the read and this write; then its result stands.
    const n = await app.knex('messages').where({ id: m.id, companyId: m.companyId, sendStatus: 'sending' }).where('updatedAt', '<', cutoff)
      .update({ sendStatus: 'failed', sendError: 'ERR_SEND_INTERRUPTED', updatedAt: new Date() })
    if (n === 0) continue
    interrupted++
    app.events.emit('message.updated', { companyId: m.companyId, ticketId: m.ticketId, messageId: m.id })
  }
  return { requeued: queued.length, interrupted }
}

interface StaleClaim {
  id: number
  companyId: number
  ticketId: number
  contactId: number
  whatsappId: number | null
  externalId: string | null
}

/**
 * A stale claim of a message with its id fixed: the channel is asked whether that id left. Sent: recorded as sent. Not
 * sent, or the driver cannot tell: queued again, and sent under the same id (one message to WhatsApp however often it
 * goes). The session down: left for a later sweep. False when there is no one to ask (no recipient or connection).
 */
async function settleByChannel(app: FastifyInstance, m: StaleClaim, cutoff: Date): Promise<boolean> {
  const to = await loadContactJid(app, m.companyId, m.contactId)
  if (!to || !m.whatsappId) return false
  let sent: boolean | null
  try {
    sent = await app.channels.wasSent(m.companyId, m.whatsappId, to, m.externalId!)
  } catch (err) {
    app.log.info({ err, messageId: m.id }, 'an interrupted send waits for its connection to be asked')
    return true
  }
  const claim = app.knex('messages').where({ id: m.id, companyId: m.companyId, sendStatus: 'sending' }).where('updatedAt', '<', cutoff)
  if (sent) {
    if (await claim.update({ sendStatus: 'sent', sendError: null, ack: app.knex.raw('case when ack < 1 then 1 else ack end'), updatedAt: new Date() })) {
      app.events.emit('message.updated', { companyId: m.companyId, ticketId: m.ticketId, messageId: m.id })
    }
    return true
  }
  if (await claim.update({ sendStatus: 'queued', updatedAt: new Date() })) await app.tickets.sender.queueSend(m.companyId, m.id)
  return true
}

/** Sweeps once when the background work begins (a restart's leftovers), then every minute until it closes. */
export function startSweep(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const run = (restart = false) => (running = sweepOutbound(app, Date.now(), { restart }).catch((err) => app.log.error({ err }, 'outbound message sweep failed')))
  app.background.add('tickets: outbound message sweep', async () => {
    await run(true)
    timer = setInterval(() => void run(), sweepEveryMs())
    timer.unref()
  })
  // A sweep in progress finishes before the database closes under it.
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
