import { setTimeout as sleep } from 'node:timers/promises'
import { AppError } from '@zapdesk/plugin-api'
import type { OutboundMedia, SentMessage } from './driver.ts'
import { sendFailureOf } from './send-failure.ts'

/** A phone number as channels take it: digits only, 10 to 15 of them (country and area code included), or null. */
function normalizeDigits(number: string): string | null {
  const digits = number.replace(/\D/g, '')
  return digits.length >= 10 && digits.length <= 15 ? digits : null
}

export interface SendToNumberOptions {
  /** Extra attempts after the first (default 3), the first retry after `delayMs` (default 1 s), doubling. */
  retries?: number
  delayMs?: number
}

/**
 * Sends a text or a file to a phone number through one of the company's connections, without a ticket (campaigns,
 * the external API): retried like ticket messages while a retry may help (sendFailureOf), then an AppError with the
 * last failure's code. Answers the channel's message id and time.
 */
export async function sendToNumber(
  send: (message: { to: string; body?: string; media?: OutboundMedia; id?: string }) => Promise<SentMessage>,
  number: string, content: { body?: string; media?: OutboundMedia; id?: string }, options: SendToNumberOptions = {},
): Promise<SentMessage> {
  const to = normalizeDigits(number)
  if (!to) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400)
  if (!content.body?.trim() && !content.media) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body', message: 'a text or a file is needed' }])
  const retries = options.retries ?? 3
  for (let attempt = 0; ; attempt++) {
    try {
      return await send({ to, ...content })
    } catch (err) {
      const failure = sendFailureOf(err)
      if (!failure.retryable || attempt >= retries) {
        throw err instanceof AppError && err.code === failure.code ? err : new AppError(failure.code, err instanceof AppError ? err.statusCode : 502)
      }
      await sleep((options.delayMs ?? 1000) * 2 ** attempt)
    }
  }
}
