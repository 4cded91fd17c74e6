/** A 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

export interface FilePart {
  field: string
  name: string
  type?: string
  body: Buffer
}

/** A multipart/form-data body (for inject or fetch) with its content-type header. */
export function multipartBody(files: FilePart[], fields: Record<string, string> = {}, opts: { truncate?: boolean } = {}): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----hardening${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`), f.body, Buffer.from('\r\n'))
  }
  if (!opts.truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
