import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors/app-error.ts'
import type { ByteRange, MediaStore, MediaVisibility } from './types.ts'

/**
 * One `bytes=` range of a file of `size` bytes: undefined for no (or an unusable) header, which serves the whole
 * file as HTTP allows; null when the range lies outside the file (416). Several ranges are served whole.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | null | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  if (m[1] === '') {
    const suffix = Number(m[2])
    return suffix === 0 || size === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  return start >= size || end < start ? null : { start, end }
}

/**
 * Streams a stored file to the browser from whatever driver keeps it, with range requests (audio and video seek
 * with them). Anything but images, audio and video downloads instead of rendering in our origin.
 */
export async function sendMedia(
  storage: MediaStore, request: FastifyRequest, reply: FastifyReply,
  file: { companyId: number; name: string; visibility: MediaVisibility; cache: string },
): Promise<FastifyReply> {
  const stat = await storage.stat(file.companyId, file.name, file.visibility)
  if (!stat) throw new AppError('ERR_NO_MEDIA_FOUND', 404)
  reply.header('content-type', stat.type).header('cache-control', file.cache).header('x-content-type-options', 'nosniff').header('accept-ranges', 'bytes')
  if (!/^(image|audio|video)\//.test(stat.type)) reply.header('content-disposition', 'attachment')
  const range = rangeOf(request.headers.range, stat.size)
  if (range === null) return reply.status(416).header('content-range', `bytes */${stat.size}`).send()
  const body = await storage.read(file.companyId, file.name, file.visibility, range)
  // Removed between the stat and the read.
  if (!body) throw new AppError('ERR_NO_MEDIA_FOUND', 404)
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
  return reply.header('content-length', range ? range.end - range.start + 1 : stat.size).send(body)
}
