import type { FastifyInstance } from 'fastify'

/** Shared by this plugin's tests: API calls and multipart uploads as the web app sends them. */
type Headers = { authorization: string }

export const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

export function upload(app: FastifyInstance, url: string, headers: Headers, fileName: string, data: Buffer) {
  const boundary = `----zd${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nannouncements\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return app.inject({ method: 'POST', url: `/api${url}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })
}

/** A tiny valid PNG header: what the tests upload as an announcement's image. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
