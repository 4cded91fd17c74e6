import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { waitUntil } from '../../core/testing/wait.ts'

/** A small JSON client for a spawned server. Network failures come back as status 0 (never thrown). */
export interface Answer<T = any> {
  status: number
  body: T
  text: string
  headers?: http.IncomingHttpHeaders
  error?: string
}

// node:http with keep-alive, like a browser or a proxy: lighter on the CPU than fetch, which matters when the
// client shares two cores with the server and the database.
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })

export function request<T = any>(base: string, method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  let payload: string | undefined
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json'
    payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body)
  }
  return rawRequest(base, method, `/api${url}`, headers, payload, opts.timeoutMs).then((res) => {
    let body: unknown = res.text
    try {
      body = res.text ? JSON.parse(res.text) : undefined
    } catch {
      // not JSON: keep the text
    }
    return { ...res, body: body as T }
  })
}

/** Any body (a Buffer for uploads) to any path; the answer as text. */
export function rawRequest(base: string, method: string, path: string, headers: Record<string, string>, payload?: string | Buffer, timeoutMs = 60_000): Promise<Omit<Answer, 'body'>> {
  if (payload !== undefined) headers = { ...headers, 'content-length': String(Buffer.byteLength(payload)) }
  return new Promise((resolve) => {
    const failed = (err: Error & { code?: string }) => resolve({ status: 0, text: '', error: err.code ?? err.message })
    const req = http.request(`${base}${path}`, { method, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', failed)
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }))
    })
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })))
    req.on('error', failed)
    req.end(payload)
  })
}

export interface Tenant {
  companyId: number
  admin: { id: number; email: string; password: string; token: string }
  whatsappId: number
}

const tag = () => randomBytes(4).toString('hex')

function expect<T>(what: string, res: Answer<T>, status: number): T {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.error ?? res.text.slice(0, 300)}`)
  return res.body
}

export async function login(base: string, email: string, password: string): Promise<string> {
  return expect(`login ${email}`, await request<{ token: string }>(base, 'POST', '/auth/login', { body: { email, password } }), 200).token
}

/** A company signed up through the public route, its admin signed in, and a CONNECTED sandbox connection. */
export async function signupTenant(base: string): Promise<Tenant> {
  const email = `admin-${tag()}@hardening.test`
  const password = 'Hardening123'
  const signup = expect('signup', await request<{ id: number; userId: number }>(base, 'POST', '/companies/cadastro', { body: { name: `Hardening ${tag()}`, email, password } }), 201)
  const token = await login(base, email, password)
  const w = expect('sandbox connection', await request<{ id: number }>(base, 'POST', '/whatsapp', { token, body: { name: `Sandbox ${tag()}`, provider: 'sandbox' } }), 201)
  await waitUntil('sandbox CONNECTED', async () => (await request(base, 'GET', `/whatsapp/${w.id}`, { token })).body?.status === 'CONNECTED', { timeoutMs: 30_000 })
  return { companyId: signup.id, admin: { id: signup.userId, email, password, token }, whatsappId: w.id }
}

/** A phone number for the n-th simulated customer (13 digits, as the sandbox wants). */
export const customer = (n: number): string => `55119${String(n).padStart(8, '0')}`

/** Makes `from` write `body` (id: its external id, a repeat of which is a redelivery). */
export function inject(base: string, tenant: Tenant, message: { from: string; body: string; id?: string; name?: string }, timeoutMs?: number): Promise<Answer<{ id: string }>> {
  return request(base, 'POST', `/sandbox/${tenant.whatsappId}/messages`, { token: tenant.admin.token, body: message, timeoutMs })
}

/** The ticket ids of the company (every status), through the API. */
export async function ticketIds(base: string, token: string): Promise<number[]> {
  const ids: number[] = []
  for (let page = 1; ; page++) {
    const res = expect('ticket list', await request<{ tickets: Array<{ id: number }>; hasMore: boolean }>(base, 'GET', `/tickets?pageNumber=${page}&showAll=true&status=pending`, { token }), 200)
    ids.push(...res.tickets.map((t) => t.id))
    if (!res.hasMore) return ids
  }
}

/** `n` agents of the tenant's company (signing in revokes a user's other sessions: login traffic uses these). */
export async function createAgents(base: string, tenant: Tenant, n: number): Promise<Array<{ id: number; email: string; password: string }>> {
  const out: Array<{ id: number; email: string; password: string }> = []
  for (let i = 0; i < n; i++) {
    const email = `agent-${i}-${tag()}@hardening.test`
    const user = expect('agent', await request<{ id: number }>(base, 'POST', '/users', { token: tenant.admin.token, body: { name: `Agent ${i}`, email, password: 'Agent1234', profile: 'user' } }), 201)
    out.push({ id: user.id, email, password: 'Agent1234' })
  }
  return out
}
