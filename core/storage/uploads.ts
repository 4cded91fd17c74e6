import type { FastifyRequest } from 'fastify'
import path from 'node:path'
import { AppError } from '../errors/app-error.ts'

export interface StoredUpload {
  /** The server-generated name under the company's media folder. */
  name: string
  originalName: string
  mimetype: string
  size: number
  field: string
}

export interface UploadOptions {
  /** Accepted file extensions (lowercase, with the dot); absent accepts any. */
  extensions?: string[]
  maxFiles?: number
  visibility?: 'private' | 'public'
  /** The company whose media folder keeps the files: the caller's by default; routes authenticated by something
   * other than a user session (the external API's tokens) name it. Since 1.4. */
  companyId?: number
}

/**
 * What busboy throws for a broken body (no boundary, an unknown multipart type, a body cut short, an impossible
 * boundary): plain errors without a code, but the client's fault, so a 400 rather than a 500.
 */
const MALFORMED = /^(Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Malformed part header|Unsupported Content-Type\.|The needle .*)$/

export interface ReadUploads {
  files: StoredUpload[]
  /** Each text field's last value. */
  fields: Record<string, string>
  /** Every value of each text field in the order sent (a form sending `name` once per file). Since 1.1. */
  fieldLists: Record<string, string[]>
}

/**
 * Reads a multipart request: stores its files in the caller's company folder and returns them with the text
 * fields. A refused or failed upload leaves no file behind.
 */
export async function readUploads(request: FastifyRequest, options: UploadOptions = {}): Promise<ReadUploads> {
  if (!request.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415, undefined, 'Expected multipart/form-data')
  const companyId = options.companyId ?? request.auth?.companyId
  if (companyId === undefined) throw new Error('readUploads: no company to store the files for (a public route must name it)')
  const storage = request.server.storage
  const files: StoredUpload[] = []
  const fields: Record<string, string> = {}
  const fieldLists: Record<string, string[]> = {}
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = String(part.value).slice(0, 100_000)
        fields[part.fieldname] = value
        ;(fieldLists[part.fieldname] ??= []).push(value)
        continue
      }
      const ext = path.extname(part.filename ?? '').toLowerCase()
      if (options.extensions && !options.extensions.includes(ext)) {
        part.file.resume()
        throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 415, { accepted: options.extensions })
      }
      if (files.length >= (options.maxFiles ?? 10)) {
        part.file.resume()
        throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413, { maxFiles: options.maxFiles ?? 10 })
      }
      const name = await storage.save(companyId, part.file, part.filename, options.visibility)
      files.push({ name, originalName: part.filename ?? name, mimetype: part.mimetype, size: part.file.bytesRead, field: part.fieldname })
      if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413)
    }
  } catch (err) {
    await Promise.all(files.map((f) => storage.remove(companyId, f.name, options.visibility)))
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413)
    // The client went away mid-upload: not the server's failure (and nobody is left to read the answer).
    if ((err as { code?: string }).code === 'ECONNRESET') throw new AppError('ERR_BAD_REQUEST', 400, undefined, 'Upload aborted by the client')
    if (!(err instanceof AppError) && !(err as { code?: string }).code && MALFORMED.test((err as Error).message ?? '')) {
      throw new AppError('ERR_BAD_REQUEST', 400, undefined, 'Malformed multipart body')
    }
    throw err
  }
  return { files, fields, fieldLists }
}
