import type { FastifyInstance } from 'fastify'

/** Shared by this plugin's tests: API calls, multipart uploads and realtime capture. */
type Headers = { authorization: string }

export const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

export function upload(app: FastifyInstance, url: string, headers: Headers, fileName: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----zd${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`))
  return app.inject({ method: 'POST', url: `/api${url}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) })
}

export function capturePublished(app: FastifyInstance): Array<{ topic: string; data: Record<string, unknown>; audience?: unknown }> {
  const seen: Array<{ topic: string; data: Record<string, unknown>; audience?: unknown }> = []
  const original = app.realtime.publish.bind(app.realtime)
  app.realtime.publish = (message) => {
    seen.push(message as (typeof seen)[number])
    return original(message)
  }
  return seen
}
