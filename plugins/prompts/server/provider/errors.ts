import { OutboundError } from '@zapdesk/plugin-api'

/** Why a call to the provider gave no usable answer; `describe` is what the ticket's note says. */
export class ProviderError extends Error {
  name = 'ProviderError'
  constructor(readonly kind: 'timeout' | 'http' | 'network' | 'blocked' | 'bad-answer', message: string, readonly status?: number) {
    super(message)
  }
}

/** The client's failures as the provider's. */
export function providerErrorOf(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err
  if (err instanceof OutboundError) {
    const kind = err.kind === 'timeout' || err.kind === 'blocked' || err.kind === 'bad-answer' ? err.kind : 'network'
    return new ProviderError(kind, err.message)
  }
  return new ProviderError('network', err instanceof Error ? err.message : String(err))
}

/** A non-2xx answer: OpenAI-compatible servers explain themselves in `error.message` (or `error` as a string). */
export function httpError(status: number, body: string): ProviderError {
  let detail = body.slice(0, 200)
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string }
    detail = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message ?? detail
  } catch { /* not JSON: the text itself */ }
  return new ProviderError('http', `HTTP ${status}: ${detail}`.slice(0, 300), status)
}
