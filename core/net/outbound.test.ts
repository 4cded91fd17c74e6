import t from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { isPrivateAddress } from './address-guard.ts'
import { outboundRequest } from './outbound.ts'

/** A loopback server for the tests: answers JSON echoing what it got, or waits forever on /slow. */
async function server(t: Tap): Promise<string> {
  const s = http.createServer((req, res) => {
    if (req.url === '/slow') return
    if (req.url === '/redirect') return res.writeHead(302, { location: 'http://169.254.169.254/' }).end()
    if (req.url === '/big') return res.end('x'.repeat(5000))
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
      method: req.method, type: req.headers['content-type'] ?? null, body: Buffer.concat(chunks).toString('utf8'),
    })))
  })
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  t.teardown(() => new Promise<void>((r) => { s.closeAllConnections(); s.close(() => r()) }))
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`
}
type Tap = { teardown(fn: () => unknown): void }
/** How a call failed ('ok' when it did not). */
const failure = (p: Promise<unknown>) => p.then(() => 'ok', (e: { name?: string; kind?: string }) => `${e.name}:${e.kind}`)

t.test('private, loopback, link-local and mapped addresses are private; public ones are not', async (t) => {
  for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip']) {
    t.ok(isPrivateAddress(a), `${a} is private`)
  }
  for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111']) t.notOk(isPrivateAddress(a), `${a} is public`)
})

t.test('with private addresses allowed (tests, development) it posts and reads the answer', async (t) => {
  const base = await server(t)
  const res = await outboundRequest(`${base}/v1/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }, { allowPrivate: true, timeoutMs: 2000 })
  t.equal(res.status, 200)
  t.same(res.json(), { method: 'POST', type: 'application/json', body: '{"a":1}' })
  const form = new FormData()
  form.append('model', 'whisper-1')
  form.append('file', new Blob([Buffer.from('OggS')], { type: 'audio/ogg' }), 'voice.ogg')
  const multipart = (await outboundRequest(`${base}/v1/audio`, { method: 'POST', body: form }, { allowPrivate: true, timeoutMs: 2000 })).json<{ type: string; body: string }>()
  t.match(multipart.type, /^multipart\/form-data; boundary=/)
  t.match(multipart.body, /name="file"; filename="voice.ogg"/)
})

t.test('the guard refuses loopback by literal and by name, and the address a name resolves to', async (t) => {
  const base = await server(t)
  const port = new URL(base).port
  for (const url of [`${base}/x`, `http://localhost:${port}/x`, `http://[::1]:${port}/x`, 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/']) {
    t.equal(await failure(outboundRequest(url, {}, { allowPrivate: false, timeoutMs: 2000 })), 'OutboundError:blocked', url)
  }
  for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'not a url', 'http://user:pw@example.com/']) {
    t.equal(await failure(outboundRequest(url, {}, { allowPrivate: false, timeoutMs: 2000 })), 'OutboundError:bad-url', url)
  }
})

t.test('redirects are not followed, slow answers time out, large ones are cut', async (t) => {
  const base = await server(t)
  const redirect = await outboundRequest(`${base}/redirect`, {}, { allowPrivate: true, timeoutMs: 2000 })
  t.equal(redirect.status, 302, 'the caller sees the redirect; nothing goes to its target')
  const started = Date.now()
  t.equal(await failure(outboundRequest(`${base}/slow`, {}, { allowPrivate: true, timeoutMs: 200 })), 'OutboundError:timeout')
  t.ok(Date.now() - started < 1500, 'bounded by the timeout')
  t.equal(await failure(outboundRequest(`${base}/big`, {}, { allowPrivate: true, timeoutMs: 2000, maxBytes: 1000 })), 'OutboundError:too-large')
  const notJson = await outboundRequest(`${base}/big`, {}, { allowPrivate: true, timeoutMs: 2000 })
  t.equal(await failure(Promise.resolve().then(() => notJson.json())), 'OutboundError:bad-answer')
})
