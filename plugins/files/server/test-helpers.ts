import type { FastifyInstance } from 'fastify'

type Headers = { authorization: string }

export const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

/** A multipart body as a browser's FormData sends it: text fields and files, in the given order. */
export function multipart(parts: Array<{ field: string; value: string } | { field: string; fileName: string; data: Buffer; type?: string }>) {
  const boundary = `----zd${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    if ('value' in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`))
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.fileName}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`), p.data, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

export function upload(app: FastifyInstance, url: string, headers: Headers, parts: Parameters<typeof multipart>[0]) {
  const { payload, contentType } = multipart(parts)
  return app.inject({ method: 'POST', url: `/api${url}`, headers: { ...headers, 'content-type': contentType }, payload })
}
