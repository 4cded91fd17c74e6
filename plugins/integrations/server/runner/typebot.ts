import type { FastifyInstance } from 'fastify'
import type { QueueIntegration } from '../models.ts'
import type { ConverseData } from './converse.ts'
import { sendAll } from './send.ts'
import { handBack, saveSession, sessionOf } from './sessions.ts'
import { continueChat, startChat, TypebotError, type TypebotTurn } from './typebot-api.ts'

const same = (a: string, b: string | null) => Boolean(b && a.trim().toLowerCase() === b.trim().toLowerCase())

/**
 * The customer saw a choice input as numbered lines ("1 - Vendas"), so a bare number (spaces and punctuation around
 * it allowed: "1.", " 2 ", "3)") picks that option; typebot matches its text, not the number. Anything else is null.
 */
export function chosenOption(text: string, choices: string[] | null | undefined): string | null {
  const n = /^[\s\p{P}]*(\d{1,3})[\s\p{P}]*$/u.exec(text)
  if (!n || !choices?.length) return null
  return choices[Number(n[1]) - 1] ?? null
}

/**
 * One customer message for a typebot: the finish keyword hands the ticket back, the restart keyword (or a session
 * idle longer than typebotExpires minutes, 0 = never) starts the flow again, otherwise the message continues the
 * flow (a number picking one of the choices last offered goes as that option's text). The bot's bubbles go out
 * typebotDelayMessage ms apart; a flow that reached its end hands the ticket back.
 */
export async function runTypebot(app: FastifyInstance, integration: QueueIntegration, data: ConverseData): Promise<void> {
  const { companyId, ticketId } = data
  const url = integration.urlN8n
  const slug = integration.typebotSlug
  if (!url || !slug) return handBack(app, companyId, ticketId, data.queueId, { integration, reason: 'incomplete' })
  const text = data.body.trim()
  if (same(text, integration.typebotKeywordFinish)) {
    return handBack(app, companyId, ticketId, data.queueId, { integration, reason: 'keyword', detail: integration.typebotKeywordFinish ?? text })
  }
  const session = await sessionOf(app, companyId, ticketId)
  const idleMs = session?.lastAt ? Date.now() - new Date(session.lastAt).getTime() : 0
  const expired = integration.typebotExpires > 0 && idleMs > integration.typebotExpires * 60_000
  const restart = same(text, integration.typebotKeywordRestart)
  const pre: string[] = restart && integration.typebotRestartMessage ? [integration.typebotRestartMessage] : []
  const ticket = await app.tickets.boards.ticket(companyId, ticketId)
  const variables = { number: ticket?.contact?.number ?? '', name: ticket?.contact?.name ?? '' }

  let turn: TypebotTurn
  if (!session?.externalId || expired || restart) {
    turn = await startChat(app, url, slug, variables)
  } else {
    try {
      turn = await continueChat(app, url, session.externalId, chosenOption(text, session.choices) ?? text)
    } catch (err) {
      // A session typebot no longer knows (expired on its side): the flow starts again.
      if (!(err instanceof TypebotError && (err.status === 404 || err.status === 400))) throw err
      turn = await startChat(app, url, slug, variables)
    }
    // The flow said nothing and asks again: it did not understand (an invalid choice); its options follow.
    if (turn.waiting && !turn.bubbles && integration.typebotUnknownMessage) turn.texts.unshift(integration.typebotUnknownMessage)
  }
  // The choices answered are replaced by this turn's (none: cleared), so a later number is read against what the customer sees now.
  await saveSession(app, companyId, ticketId, { externalId: turn.sessionId, lastAt: new Date().toISOString(), choices: turn.choices.length ? turn.choices : null })
  await sendAll(app, companyId, ticketId, [...pre, ...turn.texts], integration.typebotDelayMessage)
  if (!turn.waiting) await handBack(app, companyId, ticketId, data.queueId, { integration, reason: 'flowEnded' })
}
