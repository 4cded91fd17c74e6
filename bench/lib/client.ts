/**
 * The benchmarks' client side, run in a separate process (the machine's other core): an HTTP load
 * generator over keep-alive sockets (raw-http.ts), a fleet of websocket agents, and the ingest driver that injects sandbox
 * messages (through the server process's sandbox driver over IPC, or through the sandbox HTTP API) and times their
 * frames at the agents' sockets.
 */
import { WebSocket } from 'ws'
import { notifyParent, serveClient } from './worker.ts'
import { closedLoop, now, summarize } from './stats.ts'
import { rawHttpClient, requestBytes } from './raw-http.ts'

export interface HttpRequestSpec {
  method?: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: unknown
}

export interface HttpLoadArgs {
  base: string
  requests: HttpRequestSpec[]
  concurrency: number
  durationMs?: number
  count?: number
}

export interface HttpLoadResult {
  count: number
  errors: number
  firstError?: string
  elapsedMs: number
  rate: number
  p50: number
  p99: number
  mean: number
  /** This client process's CPU time per request (microseconds). */
  clientCpuUs: number
  /** Each request's latency (ms): a phase measured in slices pools them (stats.ts, pooled). */
  latencies: number[]
}

type Http = ReturnType<typeof rawHttpClient>

/** A request through `http`, whose answer must be a success (its status and body said otherwise). */
async function checked(http: Http, base: URL, spec: HttpRequestSpec, bytes = requestBytes(base.host, spec)): Promise<void> {
  const res = await http.request(bytes)
  if (res.status >= 300) throw new Error(`${spec.method ?? 'GET'} ${spec.path}: ${res.status} ${res.body.slice(0, 200)}`)
}

async function httpLoad(args: HttpLoadArgs): Promise<HttpLoadResult> {
  const base = new URL(args.base)
  const http = rawHttpClient(base)
  // Each request's bytes made before the clock starts.
  const bytes = args.requests.map((r) => requestBytes(base.host, r))
  const cpu = process.cpuUsage()
  const { latencies, elapsedMs, errors, firstError } = await closedLoop(
    (i) => checked(http, base, args.requests[i % args.requests.length], bytes[i % bytes.length]),
    { concurrency: args.concurrency, durationMs: args.durationMs, count: args.count },
  )
  const used = process.cpuUsage(cpu)
  http.close()
  const s = summarize(latencies)
  return {
    count: s.n, errors, firstError: firstError ? String(firstError) : undefined, elapsedMs, rate: (s.n / elapsedMs) * 1000, p50: s.p50, p99: s.p99,
    mean: s.mean, clientCpuUs: (used.user + used.system) / Math.max(1, s.n), latencies,
  }
}

// ---- websocket fleet ----

interface FleetSocket {
  ws: WebSocket
  companyId: number
}
type FrameHook = (socket: number, companyId: number, frame: { event?: string; data?: any; type?: string }, t: number) => void

const fleet: FleetSocket[] = []
let hook: FrameHook | undefined
/** Frames of a company-scoped event that reached a socket of another company, over the fleet's life. */
let crossCompany = 0

function open(url: string, companyId: number, ping: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    const index = fleet.length
    fleet.push({ ws, companyId })
    let ready = false
    ws.on('message', (raw: Buffer) => {
      const t = now()
      const frame = JSON.parse(raw.toString('utf8'))
      if (!ready) {
        if (frame.type === 'pong') {
          ready = true
          return resolve()
        }
        if (frame.type === 'error') return reject(new Error(`socket refused: ${frame.error}`))
      }
      if (typeof frame.event === 'string') {
        const m = /^company-(\d+)-/.exec(frame.event)
        if (m && Number(m[1]) !== companyId) crossCompany++
      }
      hook?.(index, companyId, frame, t)
    })
    ws.once('error', reject)
    ws.once('open', () => {
      // The server answers a ping once it has checked the token: by then the socket is in the hub.
      if (ping) ws.send(JSON.stringify({ type: 'ping' }))
      else {
        ready = true
        resolve()
      }
    })
  })
}

async function connect(args: { sockets: Array<{ url: string; companyId: number }>; parallel?: number; ping?: boolean }): Promise<{ open: number }> {
  let next = 0
  await Promise.all(Array.from({ length: args.parallel ?? 50 }, async () => {
    while (next < args.sockets.length) {
      const s = args.sockets[next++]
      await open(s.url, s.companyId, args.ping !== false)
    }
  }))
  return { open: fleet.filter((s) => s.ws.readyState === WebSocket.OPEN).length }
}

async function disconnect(): Promise<void> {
  const closing = fleet.map((s) => new Promise((r) => {
    if (s.ws.readyState === WebSocket.CLOSED) return r(undefined)
    s.ws.once('close', r)
    s.ws.close()
  }))
  await Promise.all(closing)
  fleet.length = 0
}

// ---- fan-out rounds: count deliveries of one burst of events ----

let round: { expected: number; count: number; first: number; last: number; done: () => void; finished: Promise<void> } | undefined

function arm(args: { expected: number }): void {
  let done!: () => void
  const finished = new Promise<void>((r) => (done = r))
  round = { expected: args.expected, count: 0, first: Infinity, last: 0, done, finished }
  hook = (_s, _c, frame, t) => {
    if (!round || !frame.event) return
    round.count++
    round.first = Math.min(round.first, t)
    round.last = Math.max(round.last, t)
    if (round.count === round.expected) round.done()
  }
}

async function waitRound(args: { timeoutMs: number }): Promise<{ count: number; first: number; last: number; crossCompany: number }> {
  const r = round!
  await Promise.race([r.finished, new Promise((res) => setTimeout(res, args.timeoutMs))])
  // A few more ms: frames beyond the expected count (duplicates, strays) would show up here.
  await new Promise((res) => setTimeout(res, 20))
  return { count: r.count, first: r.first, last: r.last, crossCompany }
}

// ---- ingest: inject through the sandbox driver, time the appMessage frame at every agent socket of the company ----

export interface IngestCompany {
  id: number
  whatsappId: number
  adminToken: string
}

export interface IngestArgs {
  base: string
  /**
   * How a message is injected: `driver` asks the server process (IPC notification, see notifyParent) to run the sandbox
   * driver's `inject` command, exactly what a real driver's event does; `http` posts it to the sandbox admin API
   * (request parsing, auth, connection lookup on top).
   */
  via: 'driver' | 'http'
  companies: IngestCompany[]
  contacts: number
  /** Which message of each contact this call sends (0: the first, which opens the contact and its ticket). */
  round: number
  /** Names the run in the message bodies (unique across runs and rounds). */
  run: string
  concurrency: number
  timeoutMs: number
}

export interface IngestRound {
  messages: number
  elapsedMs: number
  /** Injection to frame, every delivery, in ms. */
  latencies: number[]
  lost: number
  errors: number
  firstError?: string
  crossCompany: number
}

/** One round: every contact of every company sends its `round`-th message (companies interleaved so load spreads). */
async function ingest(args: IngestArgs): Promise<IngestRound> {
  const base = new URL(args.base)
  const http = rawHttpClient(base)
  const socketsOf = new Map<number, number>()
  for (const s of fleet) socketsOf.set(s.companyId, (socketsOf.get(s.companyId) ?? 0) + 1)
  const plan: Array<{ company: IngestCompany; contact: number }> = []
  for (let k = 0; k < args.contacts; k++) for (const company of args.companies) plan.push({ company, contact: k })
  const pending = new Map<string, { t0: number; left: number; done: () => void }>()
  const latencies: number[] = []
  hook = (_s, _c, frame, t) => {
    if (!frame.event?.endsWith('-appMessage') || frame.data?.action !== 'create') return
    const p = pending.get(frame.data.message?.body)
    if (!p) return
    latencies.push(t - p.t0)
    if (--p.left === 0) p.done()
  }
  let lost = 0
  const crossBefore = crossCompany
  const result = await closedLoop(async (i) => {
    const { company, contact } = plan[i]
    const body = `bench ${args.run} ${args.round}.${i} olá, gostaria de saber o prazo de entrega do pedido ${contact}-${args.round}`
    const number = `55${String(10 + (company.id % 90))}9${String(contact).padStart(8, '0')}`
    let done!: () => void
    const delivered = new Promise<void>((r) => (done = r))
    const t0 = now()
    pending.set(body, { t0, left: socketsOf.get(company.id) ?? 0, done })
    if (!socketsOf.get(company.id)) done()
    const payload = { from: number, name: `Cliente ${contact}`, body }
    // The injection's answer is not awaited: the message is done when its frames arrive (or lost after the timeout).
    if (args.via === 'driver') notifyParent('inject', { companyId: company.id, whatsappId: company.whatsappId, payload })
    else {
      await checked(http, base, {
        method: 'POST', path: `/api/sandbox/${company.whatsappId}/messages`, headers: { authorization: `Bearer ${company.adminToken}` }, body: payload,
      })
    }
    const timer = new Promise<boolean>((r) => setTimeout(() => r(false), args.timeoutMs))
    if (!(await Promise.race([delivered.then(() => true), timer]))) lost++
    pending.delete(body)
  }, { concurrency: args.concurrency, count: plan.length })
  hook = undefined
  http.close()
  return {
    messages: plan.length, elapsedMs: result.elapsedMs, latencies, lost, errors: result.errors,
    firstError: result.firstError ? String(result.firstError) : undefined, crossCompany: crossCompany - crossBefore,
  }
}

serveClient({ httpLoad, connect, disconnect, arm, waitRound, ingest, ping: () => 'pong', memory: () => process.memoryUsage() })
