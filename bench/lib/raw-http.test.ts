import http from 'node:http'
import type { AddressInfo } from 'node:net'
import t, { type Test } from 'tap'
import { rawHttpClient, requestBytes } from './raw-http.ts'

/** A server answering by path: a JSON body of a given size, a chunked one, a failure, or one that closes. */
async function server(t: Test): Promise<{ base: URL; seen: string[] }> {
  const seen: string[] = []
  const s = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''} ${body}`)
      if (req.url === '/big') return res.end(JSON.stringify({ fill: 'x'.repeat(200_000) }))
      if (req.url === '/chunked') {
        res.write('{"a":')
        setTimeout(() => res.end('1}'), 5)
        return
      }
      if (req.url === '/fail') {
        res.statusCode = 404
        res.setHeader('content-type', 'application/json')
        res.write('{"error":')
        return res.end('"ERR_NOT_FOUND"}')
      }
      if (req.url === '/close') {
        res.setHeader('connection', 'close')
        return res.end('bye')
      }
      res.end(JSON.stringify({ echo: body }))
    })
  })
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  t.teardown(() => new Promise<void>((r) => s.close(() => r())))
  return { base: new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}`), seen }
}

t.test('answers of every framing over kept-alive sockets, a failure with its body', async (t) => {
  const { base, seen } = await server(t)
  const client = rawHttpClient(base)
  t.teardown(client.close)
  const get = (path: string) => client.request(requestBytes(base.host, { path, headers: { authorization: 'Bearer x' } }))
  t.same(await get('/big'), { status: 200, body: '' })
  t.same(await get('/chunked'), { status: 200, body: '' })
  t.same(await get('/fail'), { status: 404, body: '{"error":"ERR_NOT_FOUND"}' })
  t.same(await get('/close'), { status: 200, body: '' })
  // After a close the next request opens a new socket.
  t.same(await client.request(requestBytes(base.host, { method: 'POST', path: '/echo', body: { olá: 1 } })), { status: 200, body: '' })
  t.same(seen, ['GET /big Bearer x ', 'GET /chunked Bearer x ', 'GET /fail Bearer x ', 'GET /close Bearer x ', 'POST /echo  {"olá":1}'])
})

t.test('as many sockets as requests at once', async (t) => {
  const { base } = await server(t)
  const client = rawHttpClient(base)
  t.teardown(client.close)
  const answers = await Promise.all(Array.from({ length: 6 }, () => client.request(requestBytes(base.host, { path: '/big' }))))
  t.same(answers.map((a) => a.status), [200, 200, 200, 200, 200, 200])
})

t.test('a refused connection rejects', async (t) => {
  const client = rawHttpClient(new URL('http://127.0.0.1:1'))
  await t.rejects(client.request(requestBytes('127.0.0.1:1', { path: '/' })), { code: 'ECONNREFUSED' })
})
