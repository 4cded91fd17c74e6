import type { OptionNode } from '@zapdesk/queues/public'
import type { InboundContext, StepResult } from '../steps.ts'
import { sendAutomatic } from './reply.ts'
import { updateTicketIf } from './claim.ts'
import { choiceOf, numberedLines, paragraphs, sendCountedMenu } from './bot-menu.ts'

/** The answer that leaves a queue's options for the start of the menu. */
export const BACK_TO_START = '#'

/** A level of a queue's options as the contact sees it, with the way back. */
export function optionsMenu(level: OptionNode[]): string {
  return `${numberedLines(level.map((o) => o.title))}\n${BACK_TO_START} - Voltar ao menu inicial`
}

function findNode(nodes: OptionNode[], id: number): OptionNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node
    const inner = findNode(node.children, id)
    if (inner) return inner
  }
  return undefined
}

/**
 * The contact walks the chosen queue's options tree (the queues plugin's queue_options): a number opens that
 * option, whose message is sent with its own sub-options; a leaf ends the bot and the ticket waits in its queue for
 * an agent. Anything else repeats the current level (counted like the queue menu). Answers 'start' when the contact
 * typed '#' to go back to the start of the menu.
 */
export async function navigateOptions(ctx: InboundContext): Promise<StepResult | 'start'> {
  const { app, companyId, ticket } = ctx
  const body = ctx.message.body.trim()
  if (body === BACK_TO_START) return 'start'
  const tree = await app.queues.optionTree(companyId, ticket.queueId!, null)
  // An option deleted while the contact was in it: back to the top of the tree.
  const current = ticket.queueOptionId !== null ? findNode(tree, ticket.queueOptionId) : undefined
  const level = current ? current.children : tree
  if (level.length === 0) {
    // The tree was emptied meanwhile: nothing left for the bot to offer.
    const fresh = await updateTicketIf(app, ticket, { chatbot: true }, { chatbot: false })
    if (fresh) ctx.ticket = fresh
    return 'next'
  }
  const n = choiceOf(body, level.length)
  if (n === null) {
    await sendCountedMenu(ctx, paragraphs(current?.message, optionsMenu(level)))
    return 'stop'
  }
  const chosen = level[n - 1]
  const leaf = chosen.children.length === 0
  const fresh = await updateTicketIf(app, ticket, { queueId: ticket.queueId, queueOptionId: ticket.queueOptionId, chatbot: true }, {
    queueOptionId: chosen.id, chatbot: !leaf, amountUsedBotQueues: 0,
  })
  if (!fresh) return 'stop'
  ctx.ticket = fresh
  await sendAutomatic(app, companyId, ticket.id, paragraphs(chosen.message, leaf ? null : optionsMenu(chosen.children)))
  return 'stop'
}
