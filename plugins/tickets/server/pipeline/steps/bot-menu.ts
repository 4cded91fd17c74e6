import type { InboundContext } from '../steps.ts'
import { sendAutomatic } from './reply.ts'
import { updateTicketIf } from './claim.ts'

/** The menu lines the contact answers with a number: '1 - Vendas'. */
export function numberedLines(titles: string[]): string {
  return titles.map((title, i) => `${i + 1} - ${title}`).join('\n')
}

/** The option a contact's answer picks (1-based), or null when the answer is not one of the numbers offered. */
export function choiceOf(body: string, count: number): number | null {
  const text = body.trim()
  if (!/^\d{1,3}$/.test(text)) return null
  const n = Number(text)
  return n >= 1 && n <= count ? n : null
}

/** Joins the non-empty parts of an automatic message with a blank line. */
export function paragraphs(...parts: Array<string | null | undefined>): string {
  return parts.map((p) => p?.trim()).filter(Boolean).join('\n\n')
}

/**
 * Sends a menu, counted: a connection re-sends its menus at most maxUseBotQueues times (0: no limit) within
 * timeUseBotQueues minutes from the first one (0: no window, the limit is for good); past the limit the bot falls
 * silent and the ticket waits for an agent. The count is claimed by a conditional update, so two runs never send
 * the same menu twice. Answers whether the menu went out.
 */
export async function sendCountedMenu(ctx: InboundContext, text: string, now = new Date()): Promise<boolean> {
  const { ticket, whatsapp } = ctx
  const max = Number(whatsapp.maxUseBotQueues ?? 3)
  const windowMs = Number(whatsapp.timeUseBotQueues ?? 0) * 60_000
  const started = ticket.botStartedAt ? Date.parse(ticket.botStartedAt) : null
  const expired = windowMs > 0 && started !== null && now.getTime() - started > windowMs
  const used = expired ? 0 : ticket.amountUsedBotQueues
  if (max > 0 && used >= max) return false
  const fresh = await updateTicketIf(ctx.app, ticket, { amountUsedBotQueues: ticket.amountUsedBotQueues }, {
    amountUsedBotQueues: used + 1, botStartedAt: started === null || expired ? now.toISOString() : ticket.botStartedAt,
  })
  if (!fresh) return false
  ctx.ticket = fresh
  return sendAutomatic(ctx.app, ctx.companyId, ticket.id, text)
}
