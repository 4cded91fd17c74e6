import type { FastifyInstance } from 'fastify'
import { featureEnabled } from '@zapdesk/plugin-api'
import '@zapdesk/tickets/public'
import type { InboundContext, InboundStep } from '@zapdesk/tickets/public'
import { ANSWER_JOB, type AnswerData } from './answer.ts'
import { asksForHuman } from './conversation.ts'
import { clearHandoff, handOff, isHandedOff, markHandedOff } from './handoff.ts'

/**
 * The prompt that talks on this ticket: its queue's; before a queue is chosen, the connection's own, or the prompt
 * of the connection's only queue (no menu to pass first: the customer's first message gets the bot's answer).
 */
async function promptIdFor(ctx: InboundContext): Promise<number | null> {
  const { app, companyId, ticket } = ctx
  const ofQueue = async (queueId: number) => (await app.queues.find(companyId, queueId).catch(() => null))?.promptId ?? null
  if (ticket.queueId !== null) return ofQueue(ticket.queueId)
  const own = Number(ctx.whatsapp.promptId) || null
  if (own) return own
  if (!ctx.offersQueues) return null
  const offered = await app.connections.queueIds(companyId, ctx.whatsappId)
  return offered.length === 1 ? ofQueue(offered[0]) : null
}

/**
 * The AI prompt's inbound step, before the queue menu (a prompt on the connection answers instead of the menu):
 * for a waiting ticket nobody took whose queue or connection has a prompt. Asking for a person hands over at once;
 * otherwise the answer is made in a job, so a slow provider never holds up the connection's other messages.
 */
export const promptStep: InboundStep = {
  name: 'prompts:answer',
  after: ['group-filter', 'rating', 'out-of-hours'],
  before: ['queue-menu'],
  async run(ctx) {
    const { app, companyId, ticket, message } = ctx
    if (ticket.isGroup || ticket.status !== 'pending' || ticket.userId !== null) return 'next'
    const promptId = await promptIdFor(ctx)
    const prompt = promptId ? await app.prompts.find(companyId, promptId) : undefined
    if (!prompt || (await isHandedOff(app, companyId, ticket.id))) return 'next'
    // A plan without useOpenAi (or the module switched off) keeps its prompts but gets no answers.
    if (!(await featureEnabled(app, companyId, 'useOpenAi'))) return 'next'
    if (asksForHuman(message.body ?? '')) {
      await handOff(app, companyId, ticket.id, prompt, 'asked')
      return 'stop'
    }
    const data: AnswerData = {
      companyId, ticketId: ticket.id, promptId: prompt.id, messageId: message.id, body: message.body ?? '',
      mediaType: message.mediaType, mediaPath: message.mediaPath ?? null, mediaMimetype: message.mediaMimetype ?? null,
    }
    await app.jobs.enqueue(ANSWER_JOB, data, { jobId: `prompt-answer-${companyId}-${message.id}` })
    return 'stop'
  },
}

/** An agent taking the ticket stops the bot; closing (or deleting) it lets the next conversation start with the bot. */
export function listenToTickets(app: FastifyInstance): void {
  app.events.on('ticket.updated', async ({ companyId, ticketId, previous }) => {
    if (!previous || !('status' in previous)) return
    const ticket = await app.tickets.boards.ticket(companyId, ticketId)
    if (!ticket) return
    if (ticket.status === 'open') await markHandedOff(app, companyId, ticketId, 'accepted')
    if (ticket.status === 'closed') await clearHandoff(app, companyId, ticketId)
  })
  app.events.on('ticket.deleted', ({ companyId, ticketId }) => clearHandoff(app, companyId, ticketId))
}
