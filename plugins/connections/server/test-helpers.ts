import { apiCall, waitFor, type TestHeaders } from '@zapdesk/plugin-api/testing'
import type { FastifyInstance } from 'fastify'

/** Shared by this plugin's tests: API calls and waiting for asynchronous effects (statuses, acks). */
type Headers = TestHeaders

export const call = apiCall
export { waitFor }

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

/** A sandbox connection that is the company's default, once CONNECTED: its id (what campaigns and schedules send on). */
export const defaultSandbox = async (app: FastifyInstance, headers: Headers): Promise<number> => (await sandboxConnection(app, headers, { isDefault: true })).id

export interface OutboxRow { externalId: string; to: string; body: string | null; mediaType: string | null; fileName: string | null }

/** What a sandbox connection sent (its last 500), oldest first. */
export async function sandboxOutbox(app: FastifyInstance, headers: Headers, whatsappId: number): Promise<OutboxRow[]> {
  const res = await call(app, 'GET', `/sandbox/${whatsappId}/outbox?limit=500`, headers)
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode} ${res.body}`)
  return (res.json() as OutboxRow[]).reverse()
}
