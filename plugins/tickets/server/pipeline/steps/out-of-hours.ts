import type { FastifyInstance } from 'fastify'
import { Ticket } from '../../models.ts'
import type { InboundContext, InboundStep } from '../steps.ts'
import { sendAutomatic } from './reply.ts'
import { automaticTextsIn } from '../../automatic-texts.ts'

/** A contact writing several times at night gets the out-of-hours answer once, again only after this long. */
export const OUT_OF_HOURS_REPEAT_MS = 2 * 60 * 60_000

/** Claims this window's out-of-hours answer for the ticket: only one run (or instance) wins it. */
async function claimWindow(app: FastifyInstance, ticket: Ticket, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - OUT_OF_HOURS_REPEAT_MS)
  const claimed = await app.bind(Ticket).query().forCompany(ticket.companyId).findById(ticket.id)
    .where((q) => q.whereNull('outOfHoursAt').orWhere('outOfHoursAt', '<', since))
    .patch({ outOfHoursAt: now.toISOString() })
  return claimed > 0
}

/** The queue's own out-of-hours text under per-queue hours, else the connection's, else the platform's own. */
async function messageFor(ctx: InboundContext, queueId: number | null): Promise<string> {
  const own = queueId !== null ? (await ctx.app.queues.find(ctx.companyId, queueId).catch(() => undefined))?.outOfHoursMessage : null
  const text = own || (ctx.whatsapp.outOfHoursMessage as string | null)
  return text?.trim() ? text : automaticTextsIn(ctx.settings).outOfHours
}

/**
 * Answers out of opening hours (scheduleType 'company': the company's week; 'queue': the ticket's queue's week, once
 * it has one) and stops the bots. Tickets an agent already took are left alone: the agent is talking to the contact.
 * Returns whether the contact was told (or had been told within the window).
 */
export async function outOfHours(ctx: InboundContext, queueId: number | null, now = new Date()): Promise<boolean> {
  const type = ctx.settings.scheduleType
  if (type !== 'company' && !(type === 'queue' && queueId !== null)) return false
  if (await ctx.app.queues.isOpenNow(ctx.companyId, type === 'queue' ? queueId : null, now)) return false
  const text = await messageFor(ctx, type === 'queue' ? queueId : null)
  if (await claimWindow(ctx.app, ctx.ticket, now)) await sendAutomatic(ctx.app, ctx.companyId, ctx.ticket.id, text)
  return true
}

/** 300: out of hours, the contact is told so (at most once per ticket per window) and no bot runs. */
export const outOfHoursStep: InboundStep = {
  name: 'out-of-hours',
  order: 300,
  async run(ctx) {
    if (ctx.ticket.status !== 'pending') return 'next'
    return (await outOfHours(ctx, ctx.ticket.queueId)) ? 'stop' : 'next'
  },
}
