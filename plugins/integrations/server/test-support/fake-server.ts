import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local HTTP server for the tests (never the internet) standing in for a typebot, an n8n/webhook receiver or
 * Dialogflow's token and detectIntent endpoints: it records every request and answers with `handle`.
 */
export interface Recorded {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: string
  json?: Record<string, unknown>
}

export type Answer = { status?: number; json?: unknown; text?: string; bytes?: Buffer; type?: string; hang?: boolean }

export interface FakeServer {
  /** http://127.0.0.1:<port> */
  url: string
  /** host:port, as the operator's allow-list names it. */
  host: string
  requests: Recorded[]
  handle: (req: Recorded) => Answer | Promise<Answer>
  close(): Promise<void>
}

type Tap = { teardown(fn: () => unknown): void }

export async function fakeServer(t: Tap, handle: FakeServer['handle'] = () => ({ status: 200, json: {} })): Promise<FakeServer> {
  const fake = { requests: [] as Recorded[], handle } as FakeServer
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const rec: Recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }
      if (String(req.headers['content-type']).startsWith('application/json') && body) rec.json = JSON.parse(body)
      fake.requests.push(rec)
      const answer = await fake.handle(rec)
      if (answer.hang) return
      if (answer.bytes) return res.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'application/octet-stream' }).end(answer.bytes)
      if (answer.json !== undefined) return res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json))
      res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain' }).end(answer.text ?? '')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  const close = () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()) })
  t.teardown(close)
  return Object.assign(fake, { url: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, close })
}
