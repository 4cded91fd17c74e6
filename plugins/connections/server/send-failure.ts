import { AppError } from '@zapdesk/plugin-api'

/** A send's failure as a retry policy sees it: its code and whether another attempt may succeed. */
export interface SendFailure {
  code: string
  retryable: boolean
}

/**
 * Whether a retry of a failed channel send may succeed: the session not connected (yet, or on another instance that
 * did not answer), the channel's own failures (5xx) and anything unexpected (network, database). A 4xx of the channel
 * (invalid contact, refused content) will not change. A send carried to the instance running the session that timed
 * out may still happen there: retrying could send it twice, so it is ERR_SEND_INTERRUPTED, not retried.
 */
export function sendFailureOf(err: unknown): SendFailure {
  if (err instanceof AppError && /did not answer/.test(String((err.details as { reason?: unknown } | undefined)?.reason))) {
    return { code: 'ERR_SEND_INTERRUPTED', retryable: false }
  }
  if (err instanceof AppError) return { code: err.code, retryable: err.code === 'ERR_WAPP_NOT_INITIALIZED' || err.statusCode >= 500 }
  return { code: 'ERR_SENDING_WAPP_MSG', retryable: true }
}
