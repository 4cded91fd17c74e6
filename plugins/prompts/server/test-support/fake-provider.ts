import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local OpenAI-compatible server for the tests (never the internet): it records every request and answers chat
 * completions, audio transcriptions and Azure-style speech from a script of behaviours, in order.
 */
export type Behaviour =
  | { reply: string; tokens?: number }
  | { tool: 'transfer_to_human'; reply?: string }
  | { status: number; error: string }
  | { hang: true }
  | { delayMs: number; reply: string }

export interface Recorded {
  path: string
  headers: http.IncomingHttpHeaders
  body: string
  json?: { model?: string; messages?: Array<{ role: string; content: string }>; max_tokens?: number; temperature?: number; tools?: unknown[] }
}

export interface FakeProvider {
  /** Base URL to put in a prompt (…/v1). */
  baseUrl: string
  /** Base for the speech endpoint ({region} is kept in the path so tests see it). */
  speechEndpoint: string
  requests: Recorded[]
  /** Chat behaviours, used in order; when none is left the answer is 'ok'. */
  script(...behaviours: Behaviour[]): void
  transcription: string
  /** The speech endpoint's answer status (200: an Ogg voice note). */
  speechStatus: number
  close(): Promise<void>
}

export async function fakeProvider(): Promise<FakeProvider> {
  const queue: Behaviour[] = []
  const requests: Recorded[] = []
  const fake = { transcription: 'quero saber o horário de funcionamento', speechStatus: 200 } as FakeProvider
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      // Multipart uploads keep their bytes (latin1 maps each byte to one character); JSON is UTF-8.
      const body = raw.toString('latin1')
      const rec: Recorded = { path: req.url ?? '', headers: req.headers, body }
      if (String(req.headers['content-type']).startsWith('application/json')) rec.json = JSON.parse(raw.toString('utf8'))
      requests.push(rec)
      const json = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data))
      if (req.url?.endsWith('/audio/transcriptions')) return json(200, { text: fake.transcription })
      if (req.url?.endsWith('/cognitiveservices/v1')) {
        if (fake.speechStatus !== 200) return json(fake.speechStatus, { error: { message: 'speech refused' } })
        return res.writeHead(200, { 'content-type': 'audio/ogg' }).end(Buffer.from('OggS-fake-voice'))
      }
      if (!req.url?.endsWith('/chat/completions')) return json(404, { error: { message: 'unknown path' } })
      const b = queue.shift() ?? { reply: 'ok' }
      if ('hang' in b) return
      if ('status' in b) return json(b.status, { error: { message: b.error, type: 'server_error' } })
      const message = 'tool' in b
        ? { role: 'assistant', content: b.reply ?? null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: b.tool, arguments: '{"reason":"cliente pediu"}' } }] }
        : { role: 'assistant', content: b.reply }
      const answer = () => json(200, {
        id: 'chatcmpl-test', object: 'chat.completion', created: 1, model: rec.json?.model ?? 'x',
        choices: [{ index: 0, message, finish_reason: 'tool' in b ? 'tool_calls' : 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 'tokens' in b && b.tokens !== undefined ? b.tokens : 15 },
      })
      if ('delayMs' in b) setTimeout(answer, b.delayMs)
      else answer()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    speechEndpoint: `http://127.0.0.1:${port}/speech/{region}`,
    requests,
    script: (...b: Behaviour[]) => void queue.push(...b),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()) }),
  })
}
