import http from 'node:http'
import https from 'node:https'
import dns from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { isPrivateAddress } from './address-guard.ts'

/**
 * The HTTP client for calls to addresses a company configured (AI providers, speech services). It refuses
 * private, loopback and link-local targets unless `allowPrivate` (see OUTBOUND_ALLOW_PRIVATE), checking the address
 * the socket actually connects to (so a name that resolves to 127.0.0.1, or changes between a check and the
 * connection, is caught), follows no redirects, bounds the whole call by `timeoutMs` and the answer by `maxBytes`.
 */
export interface OutboundOptions {
  allowPrivate: boolean
  timeoutMs: number
  /** Largest answer read (default 10 MB). */
  maxBytes?: number
}

export interface OutboundRequest {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string | Buffer | FormData
}

export interface OutboundResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  text(): string
  /** The body as JSON; throws OutboundError('bad-answer') when it is not. */
  json<T = unknown>(): T
}

export type OutboundFailure = 'blocked' | 'timeout' | 'network' | 'too-large' | 'bad-answer' | 'bad-url'

export class OutboundError extends Error {
  name = 'OutboundError'
  constructor(readonly kind: OutboundFailure, message: string) {
    super(message)
  }
}

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0)
      const list = addresses as dns.LookupAddress[]
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address))
      if (bad) return callback(new OutboundError('blocked', `${hostname} resolves to a private address (${bad.address})`), '', 0)
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
      callback(null, list[0].address, list[0].family)
    })
  }
}

/** FormData (an audio upload) as the multipart bytes and content type fetch would send. */
async function encodeBody(body: OutboundRequest['body']): Promise<{ data?: Buffer; type?: string }> {
  if (body === undefined) return {}
  if (typeof body === 'string' || Buffer.isBuffer(body)) return { data: Buffer.from(body) }
  const encoded = new Response(body)
  return { data: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') ?? undefined }
}

export async function outboundRequest(url: string, request: OutboundRequest, options: OutboundOptions): Promise<OutboundResponse> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    throw new OutboundError('bad-url', 'not a valid URL')
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new OutboundError('bad-url', 'only http and https are allowed')
  if (target.username || target.password) throw new OutboundError('bad-url', 'credentials in the URL are not allowed')
  const literal = target.hostname.replace(/^\[|\]$/g, '')
  if (isIP(literal) && !options.allowPrivate && isPrivateAddress(literal)) throw new OutboundError('blocked', `${literal} is a private address`)
  const { data, type } = await encodeBody(request.body)
  const headers: Record<string, string> = { ...request.headers }
  if (type) headers['content-type'] = type
  if (data) headers['content-length'] = String(data.length)
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const client = target.protocol === 'https:' ? https : http

  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false
    const fail = (err: Error) => {
      clearTimeout(timer)
      if (settled) return
      settled = true
      reject(err instanceof OutboundError ? err : new OutboundError('network', err.message))
    }
    const req = client.request(target, { method: request.method ?? 'GET', headers, lookup: guardedLookup(options.allowPrivate) }, (res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size <= maxBytes) return void chunks.push(chunk)
        fail(new OutboundError('too-large', `the answer is larger than ${maxBytes} bytes`))
        res.destroy()
      })
      res.on('end', () => {
        clearTimeout(timer)
        if (settled) return
        settled = true
        const body = Buffer.concat(chunks)
        resolve({
          status: res.statusCode ?? 0, headers: res.headers, body,
          text: () => body.toString('utf8'),
          json: <T>() => {
            try {
              return JSON.parse(body.toString('utf8')) as T
            } catch {
              throw new OutboundError('bad-answer', 'the answer is not JSON')
            }
          },
        })
      })
      res.on('error', fail)
    })
    const timer = setTimeout(() => {
      fail(new OutboundError('timeout', `no answer within ${options.timeoutMs} ms`))
      req.destroy()
    }, options.timeoutMs)
    req.on('error', fail)
    req.end(data)
  })
}
