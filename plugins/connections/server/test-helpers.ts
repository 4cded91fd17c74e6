import type { FastifyInstance } from 'fastify'

/** Shared by this plugin's tests: API calls and waiting for asynchronous effects (statuses, acks). */
type Headers = { authorization: string }

export const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

/** Polls `check` until it returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 5000, label = 'condition'): Promise<NonNullable<T>> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Creates a sandbox connection through the API and waits until it is CONNECTED. */
export async function sandboxConnection(app: FastifyInstance, headers: Headers, fields: Record<string, unknown> = {}): Promise<{ id: number; [k: string]: unknown }> {
  const res = await call(app, 'POST', '/whatsapp', headers, { name: `Sandbox ${Math.random().toString(36).slice(2, 7)}`, provider: 'sandbox', ...fields })
  if (res.statusCode !== 201) throw new Error(`creating a sandbox connection failed: ${res.statusCode} ${res.body}`)
  const id = res.json().id as number
  return waitFor(async () => {
    const w = (await call(app, 'GET', `/whatsapp/${id}`, headers)).json()
    return w.status === 'CONNECTED' ? w : undefined
  }, 5000, 'sandbox CONNECTED')
}

/**
 * `n` queue ids of the company: real queues when the queues plugin is installed (it checks the ids), else
 * arbitrary ids (without that plugin nothing can check them).
 */
export async function queueIds(app: FastifyInstance, headers: Headers, n: number): Promise<number[]> {
  if (!app.plugins.some((p) => p.name === 'queues')) return Array.from({ length: n }, (_, i) => 101 + i)
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const tag = Math.random().toString(16).slice(2, 8).padEnd(6, '0')
    const res = await call(app, 'POST', '/queue', headers, { name: `Fila ${tag}`, color: `#${tag}` })
    if (res.statusCode !== 201) throw new Error(`creating a queue failed: ${res.statusCode} ${res.body}`)
    ids.push(res.json().id)
  }
  return ids
}
