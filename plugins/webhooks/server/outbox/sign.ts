import { createHmac } from 'node:crypto'

/**
 * `X-Zapdesk-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` under the endpoint's secret, with the
 * timestamp (unix seconds) it covers, so a receiver can refuse an old delivery replayed (README.md).
 */
export function signatureHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000))
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return { 'x-zapdesk-timestamp': timestamp, 'x-zapdesk-signature': `sha256=${digest}` }
}
