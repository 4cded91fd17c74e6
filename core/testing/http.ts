import type { FastifyInstance } from 'fastify'
import type { RealtimeMessage } from '../realtime/types.ts'

/** What tests send as a signed-in user: `company.admin.headers` and the like. */
export type TestHeaders = { authorization: string }
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One call to the API as the web app makes it: `/api` + url, JSON payload when given. */
export const apiCall = (app: FastifyInstance, method: Method, url: string, headers?: TestHeaders, payload?: object) =>
  app.inject({ method, url: `/api${url}`, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) })

export type MultipartPart = { field: string; value: string } | { field: string; fileName: string; data: Buffer; type?: string }

/** A multipart body as a browser's FormData sends it: text fields and files, in the given order. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----zd${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    if ('value' in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`))
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.fileName}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`), p.data, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** POSTs a multipart body to `/api` + url. */
export function multipartUpload(app: FastifyInstance, url: string, headers: TestHeaders, parts: MultipartPart[]) {
  const { payload, contentType } = multipart(parts)
  return app.inject({ method: 'POST', url: `/api${url}`, headers: { ...headers, 'content-type': contentType }, payload })
}

/** One file in the `file` field after the given text fields: what most upload routes take. */
export const fileUpload = (app: FastifyInstance, url: string, headers: TestHeaders, fileName: string, data: Buffer, fields: Record<string, string> = {}) =>
  multipartUpload(app, url, headers, [...Object.entries(fields).map(([field, value]) => ({ field, value })), { field: 'file', fileName, data }])

/** Polls `check` until it returns something truthy; throws naming `label` after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 10_000, label = 'condition'): Promise<NonNullable<T>> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

export type Published = RealtimeMessage & { data: Record<string, unknown> }

/** Every realtime message the app publishes from now on (company, topic, data, audience). */
export function capturePublished(app: FastifyInstance): Published[] {
  const seen: Published[] = []
  const original = app.realtime.publish.bind(app.realtime)
  app.realtime.publish = (message) => {
    seen.push(message as Published)
    return original(message)
  }
  return seen
}
