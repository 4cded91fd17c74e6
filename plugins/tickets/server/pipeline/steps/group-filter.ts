import type { InboundStep } from '../steps.ts'

/**
 * 100: bots never talk in groups. Group messages are stored (when the company keeps them, see CheckMsgIsGroup) for
 * the agents, but no greeting, menu or automatic answer goes to a whole group. (Calls are not messages: they never
 * reach the steps.)
 */
export const groupFilterStep: InboundStep = {
  name: 'group-filter',
  order: 100,
  async run(ctx) {
    return ctx.ticket.isGroup || ctx.contact.isGroup ? 'stop' : 'next'
  },
}
