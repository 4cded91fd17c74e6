import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * A local webhook receiver for the tests (never the internet): records every request and answers with `answer`
 * (a status, or `hang` to never answer). `verify` is what a real receiver does (README.md).
 */
export interface Received {
  headers: http.IncomingHttpHeaders
  body: string
  json: { id: string; event: string; createdAt: string; companyId: number; data: Record<string, any> }
}

export interface Receiver {
  url: string
  /** host:port, as the operator's allow-list names it. */
  host: string
  received: Received[]
  answer: (r: Received) => number | 'hang' | Promise<number | 'hang'>
  close(): Promise<void>
}

type Tap = { teardown(fn: () => unknown): void }

export async function receiver(t: Tap, answer: Receiver['answer'] = () => 200): Promise<Receiver> {
  const self = { received: [] as Received[], answer } as Receiver
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const r: Received = { headers: req.headers, body, json: JSON.parse(body || '{}') }
      self.received.push(r)
      const status = await self.answer(r)
      if (status === 'hang') return
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  const close = () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()) })
  t.teardown(close)
  return Object.assign(self, { url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, close })
}

/** A receiver's check: the HMAC of "<timestamp>.<body>" under the shared secret, compared in constant time. */
export function verify(secret: string, r: Received, toleranceSeconds = 300): boolean {
  const timestamp = String(r.headers['x-zapdesk-timestamp'] ?? '')
  const signature = String(r.headers['x-zapdesk-signature'] ?? '')
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`)
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
