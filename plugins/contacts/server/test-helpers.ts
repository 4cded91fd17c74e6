import type { FastifyInstance } from 'fastify'
import ExcelJS from 'exceljs'

/** Shared by this plugin's tests: API calls, realtime capture and spreadsheets made on the fly. */
export type Headers = { authorization: string }

export const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

/** Every realtime message the app publishes from now on (topic and data). */
export function capturePublished(app: FastifyInstance): Array<{ companyId: number; topic: string; data: Record<string, unknown>; audience?: unknown }> {
  const seen: Array<{ companyId: number; topic: string; data: Record<string, unknown>; audience?: unknown }> = []
  const original = app.realtime.publish.bind(app.realtime)
  app.realtime.publish = (message) => {
    seen.push(message as (typeof seen)[number])
    return original(message)
  }
  return seen
}

/** An .xlsx file in memory with these rows (the first one is usually the header). */
export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Contatos')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** A multipart body with one file field (and optional text fields). */
export function multipart(field: string, fileName: string, data: Buffer, fields: Record<string, string> = {}, mimetype = 'application/octet-stream') {
  const boundary = `----zd${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${mimetype}\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

export const upload = (app: FastifyInstance, url: string, headers: Headers, fileName: string, data: Buffer, fields: Record<string, string> = {}) => {
  const body = multipart('file', fileName, data, fields)
  return app.inject({ method: 'POST', url: `/api${url}`, headers: { ...headers, ...body.headers }, payload: body.payload })
}
