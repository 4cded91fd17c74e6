import { createHmac } from 'node:crypto'

/**
 * The headers a receiver checks a delivery with: `X-Zapdesk-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`
 * under the integration's secret, and the timestamp (unix seconds) so an old delivery cannot be replayed.
 */
export function signatureHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000))
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return { 'x-zapdesk-timestamp': timestamp, 'x-zapdesk-signature': `sha256=${digest}` }
}
