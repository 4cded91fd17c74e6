/**
 * The load generator's HTTP/1.1 client: keep-alive sockets, each carrying one request at a time, each request's bytes
 * built once, and of an answer only the status line and the framing headers read (Content-Length or chunked). It
 * shares the machine's two cores with the server it measures: node:http's client spent 130-270 us of CPU per request
 * there (parsing every header, building an IncomingMessage stream), which a server's p50 paid as waiting for a core.
 */
import net from 'node:net'

export interface RawRequest {
  method?: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: unknown
}

export interface RawResponse {
  status: number
  /** The body, kept only for a status of 300 or more (shown with the failure); a success's is skipped. */
  body: string
}

const CRLF_CRLF = Buffer.from('\r\n\r\n')

/** The request's bytes, with Host and the keep-alive the server answers on the same socket. */
export function requestBytes(host: string, spec: RawRequest): Buffer {
  const body = spec.body === undefined ? undefined : Buffer.from(JSON.stringify(spec.body))
  const headers: Record<string, string> = {
    host, connection: 'keep-alive', ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}), ...spec.headers,
  }
  const head = `${spec.method ?? 'GET'} ${spec.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`
  return body ? Buffer.concat([Buffer.from(head), body]) : Buffer.from(head)
}

/** What a response's head says of its framing, or why it cannot be read. */
function framing(head: string): { status: number; length: number | 'chunked'; close: boolean } {
  const status = Number(head.slice(9, 12))
  if (!head.startsWith('HTTP/1.1 ') || !(status >= 100)) throw new Error(`not an HTTP/1.1 response: ${head.slice(0, 60)}`)
  const lower = head.toLowerCase()
  const close = lower.includes('\r\nconnection: close')
  if (lower.includes('\r\ntransfer-encoding: chunked')) return { status, length: 'chunked', close }
  const m = /\r\ncontent-length: *(\d+)/.exec(lower)
  return { status, length: m ? Number(m[1]) : 0, close }
}

/** Where a chunked body ends in `buf` from `start` (the index after its last CRLF), or -1 while it is incomplete. */
function chunkedEnd(buf: Buffer, start: number): number {
  let at = start
  for (;;) {
    const eol = buf.indexOf('\r\n', at)
    if (eol < 0) return -1
    const size = parseInt(buf.toString('latin1', at, eol), 16)
    if (!Number.isFinite(size)) throw new Error('bad chunk size')
    if (size === 0) {
      // The final CRLF, after trailers if there are any (at `eol` itself when there are none).
      const end = buf.indexOf(CRLF_CRLF, eol)
      return end < 0 ? -1 : end + 4
    }
    at = eol + 2 + size + 2
    if (at > buf.length) return -1
  }
}

/** The text of a chunked body between `start` and `end`. */
function unchunk(buf: Buffer, start: number, end: number): string {
  const parts: Buffer[] = []
  let at = start
  while (at < end) {
    const eol = buf.indexOf('\r\n', at)
    const size = parseInt(buf.toString('latin1', at, eol), 16)
    if (!size) break
    parts.push(buf.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
  return Buffer.concat(parts).toString('utf8')
}

/** One keep-alive connection carrying one request at a time. */
class Connection {
  private socket: net.Socket | undefined
  private buf: Buffer = Buffer.alloc(0)
  /** Bytes of a success's body still to come, and its status. */
  private skipping = 0
  private status = 0
  private pending: { resolve: (r: RawResponse) => void; reject: (e: Error) => void } | undefined

  constructor(private readonly port: number, private readonly hostname: string) {}

  private open(): net.Socket {
    const socket = net.connect({ port: this.port, host: this.hostname, noDelay: true })
    socket.on('data', (chunk: Buffer) => this.received(chunk))
    const fail = (err: Error) => {
      // A socket closed by this side (an answer with Connection: close) has been replaced already.
      if (this.socket !== socket) return
      this.socket = undefined
      const p = this.pending
      this.pending = undefined
      p?.reject(err)
    }
    socket.on('error', fail)
    socket.on('close', () => fail(new Error('connection closed before the response')))
    return socket
  }

  send(bytes: Buffer): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject }
      this.buf = Buffer.alloc(0)
      ;(this.socket ??= this.open()).write(bytes)
    })
  }

  private received(chunk: Buffer): void {
    // A success's body of known length is counted, not kept.
    if (this.skipping > 0) {
      this.skipping -= chunk.length
      if (this.skipping <= 0) this.settle({ status: this.status, body: '' }, false)
      return
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk
    const headEnd = this.buf.indexOf(CRLF_CRLF)
    if (headEnd < 0 || !this.pending) return
    try {
      const { status, length, close } = framing(this.buf.toString('latin1', 0, headEnd))
      const start = headEnd + 4
      if (status < 300 && length !== 'chunked' && !close && this.buf.length < start + length) {
        this.status = status
        this.skipping = start + length - this.buf.length
        this.buf = Buffer.alloc(0)
        return
      }
      const end = length === 'chunked' ? chunkedEnd(this.buf, start) : start + length
      if (end < 0 || this.buf.length < end) return
      const body = status < 300 ? '' : length === 'chunked' ? unchunk(this.buf, start, end) : this.buf.toString('utf8', start, end)
      this.settle({ status, body }, close)
    } catch (err) {
      const p = this.pending
      this.pending = undefined
      this.close()
      p?.reject(err as Error)
    }
  }

  private settle(response: RawResponse, close: boolean): void {
    const p = this.pending
    this.pending = undefined
    this.buf = Buffer.alloc(0)
    this.skipping = 0
    if (close) this.close()
    p?.resolve(response)
  }

  close(): void {
    const socket = this.socket
    this.socket = undefined
    socket?.destroy()
  }
}

/** Keep-alive connections to `base`, as many as requests run at once; `close` ends them. */
export function rawHttpClient(base: URL): { request: (bytes: Buffer) => Promise<RawResponse>; close: () => void } {
  const free: Connection[] = []
  const all: Connection[] = []
  return {
    async request(bytes) {
      const conn = free.pop() ?? (all[all.length] = new Connection(Number(base.port), base.hostname))
      try {
        return await conn.send(bytes)
      } finally {
        free.push(conn)
      }
    },
    close: () => all.forEach((c) => c.close()),
  }
}
