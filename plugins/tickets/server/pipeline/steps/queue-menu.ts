import type { QueueAnswer } from '@zapdesk/queues/public'
import type { InboundContext, InboundStep, StepResult } from '../steps.ts'
import { sendAutomatic } from './reply.ts'
import { updateTicketIf } from './claim.ts'
import { choiceOf, numberedLines, paragraphs, sendCountedMenu } from './bot-menu.ts'
import { navigateOptions, optionsMenu } from './queue-options.ts'
import { outOfHours } from './out-of-hours.ts'
import { connectionQueueIds } from '../connection.ts'

/** The queues the connection offers, in the queues plugin's menu order. */
async function connectionQueues(ctx: InboundContext): Promise<QueueAnswer[]> {
  const ids = await connectionQueueIds(ctx.app, ctx.companyId, ctx.whatsappId)
  if (!ids.length) return []
  return (await ctx.app.queues.list(ctx.companyId)).filter((q) => ids.includes(q.id))
}

/**
 * The queue is chosen (by the contact, or as the connection's only queue): the ticket joins it, the transfer timer
 * starts when the connection has one, and the queue greets with its own message and options tree. With options the
 * bot goes on (queue-options.ts); without, it is done and the ticket waits for an agent.
 */
async function assignQueue(ctx: InboundContext, queue: QueueAnswer, greeting: string | null): Promise<StepResult> {
  const { app, companyId, whatsapp } = ctx
  const tree = await app.queues.optionTree(companyId, queue.id, null)
  const minutes = Number(whatsapp.timeToTransfer ?? 0)
  const transferAt = whatsapp.transferQueueId && minutes > 0 ? new Date(Date.now() + minutes * 60_000).toISOString() : null
  const fresh = await updateTicketIf(app, ctx.ticket, { queueId: null, status: 'pending' }, {
    queueId: queue.id, chatbot: tree.length > 0, queueOptionId: null, amountUsedBotQueues: 0, transferAt,
  })
  if (!fresh) return 'stop'
  ctx.ticket = fresh
  // Per-queue hours are only known now that the queue is: a closed queue answers for itself.
  if (ctx.settings.scheduleType === 'queue' && (await outOfHours(ctx, queue.id))) return 'stop'
  await sendAutomatic(app, companyId, fresh.id, paragraphs(greeting, queue.greetingMessage, tree.length ? optionsMenu(tree) : null))
  return 'stop'
}

/** A pending ticket without a queue: greet, offer the numbered queue menu, take the contact's answer. */
async function routeToQueue(ctx: InboundContext): Promise<StepResult> {
  const queues = await connectionQueues(ctx)
  const greeting = (ctx.whatsapp.greetingMessage as string | null) ?? null
  if (queues.length === 0) {
    // Nothing to choose from: the greeting, once, and the bot is done.
    const fresh = await updateTicketIf(ctx.app, ctx.ticket, { chatbot: true, queueId: null }, { chatbot: false })
    if (!fresh) return 'stop'
    ctx.ticket = fresh
    await sendAutomatic(ctx.app, ctx.companyId, fresh.id, greeting)
    return 'stop'
  }
  // One queue: no menu, the ticket joins it; the greeting goes out only when the company wants it for one queue.
  if (queues.length === 1) return assignQueue(ctx, queues[0], ctx.settings.sendGreetingMessageOneQueues === 'enabled' ? greeting : null)
  if (ctx.ticket.botStartedAt !== null) {
    const n = choiceOf(ctx.message.body, queues.length)
    if (n !== null) return assignQueue(ctx, queues[n - 1], null)
  }
  await sendCountedMenu(ctx, paragraphs(greeting, numberedLines(queues.map((q) => q.name))))
  return 'stop'
}

/**
 * 400: the greeting and the queue menu for a pending ticket the bot talks to (chatbot), then the chosen queue's
 * options; '#' goes back to the start. Tickets an agent took, tickets without the bot and groups pass through.
 */
export const queueMenuStep: InboundStep = {
  name: 'queue-menu',
  order: 400,
  async run(ctx) {
    const { ticket } = ctx
    if (ticket.status !== 'pending' || !ticket.chatbot || ticket.isGroup) return 'next'
    if (ticket.queueId === null) return routeToQueue(ctx)
    const result = await navigateOptions(ctx)
    if (result !== 'start') return result
    const fresh = await updateTicketIf(ctx.app, ticket, { queueId: ticket.queueId, status: 'pending' }, {
      queueId: null, queueOptionId: null, chatbot: true, amountUsedBotQueues: 0, botStartedAt: null, transferAt: null,
    })
    if (!fresh) return 'stop'
    ctx.ticket = fresh
    return routeToQueue(ctx)
  },
}
