import type { FastifyInstance } from 'fastify'
import '@zapdesk/contacts/public'

/** Shared by this plugin's tests: API calls, uploads, contacts, a sandbox connection and its outbox. */
type Headers = { authorization: string }

export const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

export function upload(app: FastifyInstance, url: string, headers: Headers, fileName: string, data: Buffer) {
  const boundary = `----zd${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return app.inject({ method: 'POST', url: `/api${url}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })
}

export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 10_000, label = 'condition'): Promise<NonNullable<T>> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

let numbers = 0
export const number = () => `5511${970000000 + ++numbers}`

export async function contact(app: FastifyInstance, companyId: number, name = 'Ana Souza') {
  return (await app.contacts.findOrCreateContact(companyId, { number: number(), name })).contact
}

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

/** A sandbox connection made through the API (the company's default), once CONNECTED. */
export async function sandboxConnection(app: FastifyInstance, headers: Headers): Promise<number> {
  const res = await call(app, 'POST', '/whatsapp', headers, { name: `Sandbox ${Math.random().toString(36).slice(2, 7)}`, provider: 'sandbox', isDefault: true })
  if (res.statusCode !== 201) throw new Error(`creating a sandbox connection failed: ${res.statusCode} ${res.body}`)
  const id = res.json().id as number
  await waitFor(async () => (await call(app, 'GET', `/whatsapp/${id}`, headers)).json().status === 'CONNECTED', 5000, 'sandbox CONNECTED')
  return id
}

export interface OutboxRow { externalId: string; to: string; body: string | null; mediaType: string | null; fileName: string | null }

/** What the sandbox connection sent, oldest first. */
export async function outbox(app: FastifyInstance, headers: Headers, whatsappId: number): Promise<OutboxRow[]> {
  const res = await call(app, 'GET', `/sandbox/${whatsappId}/outbox?limit=500`, headers)
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode} ${res.body}`)
  return (res.json() as OutboxRow[]).reverse()
}
