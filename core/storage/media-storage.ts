import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import type { ByteRange, MediaDriver, MediaStat, MediaStore, MediaVisibility } from './types.ts'

/** Server-generated file names only: a uuid and a short lowercase extension. */
export const MEDIA_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,8})?$/

const MIME: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.mp3': 'audio/mpeg', '.ogg': 'audio/ogg', '.oga': 'audio/ogg', '.opus': 'audio/ogg', '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4', '.pdf': 'application/pdf', '.txt': 'text/plain', '.csv': 'text/csv',
}

export const mimeOf = (name: string): string => MIME[path.extname(name).toLowerCase()] ?? 'application/octet-stream'

function extensionOf(originalName: string | undefined): string {
  const ext = path.extname(originalName ?? '').toLowerCase().replace(/[^a-z0-9.]/g, '')
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
  return Buffer.concat(chunks)
}

/**
 * The kernel's media store over a driver: names are generated here and a name from a request is checked before it
 * becomes a key, always inside the given company's folder, so drivers never see a path a client wrote.
 */
export class MediaStorage implements MediaStore {
  constructor(readonly driver: MediaDriver) {}

  private keyOf(companyId: number, name: string, visibility: MediaVisibility): string | null {
    if (!MEDIA_NAME.test(name) || !Number.isSafeInteger(companyId) || companyId < 1) return null
    return `${visibility === 'public' ? 'public' : 'media'}/${companyId}/${name}`
  }

  async save(companyId: number, data: Buffer | Readable, originalName?: string, visibility: MediaVisibility = 'private'): Promise<string> {
    // A stream may fail (an upload over the size limit) while the driver is still awaiting before it pipes: without a
    // listener from now on that error would be uncaught and end the process. The pipe still sees it (stream.errored).
    if (!Buffer.isBuffer(data)) data.on('error', () => undefined)
    const name = `${randomUUID()}${extensionOf(originalName)}`
    const key = this.keyOf(companyId, name, visibility)
    if (!key) throw new Error(`storage.save: no such company ${companyId}`)
    await this.driver.put(key, data)
    return name
  }

  async read(companyId: number, name: string, visibility: MediaVisibility = 'private', range?: ByteRange): Promise<Readable | null> {
    const key = this.keyOf(companyId, name, visibility)
    return key ? this.driver.get(key, range) : null
  }

  async readBuffer(companyId: number, name: string, visibility: MediaVisibility = 'private'): Promise<Buffer | null> {
    const stream = await this.read(companyId, name, visibility)
    return stream ? toBuffer(stream) : null
  }

  async stat(companyId: number, name: string, visibility: MediaVisibility = 'private'): Promise<MediaStat | null> {
    const key = this.keyOf(companyId, name, visibility)
    const size = key ? await this.driver.head(key) : null
    return size === null ? null : { size, type: mimeOf(name) }
  }

  async remove(companyId: number, name: string, visibility: MediaVisibility = 'private'): Promise<void> {
    const key = this.keyOf(companyId, name, visibility)
    if (key) await this.driver.delete(key)
  }

  async list(companyId: number, visibility: MediaVisibility = 'private'): Promise<string[]> {
    const prefix = `${visibility === 'public' ? 'public' : 'media'}/${companyId}/`
    return (await this.driver.list(prefix)).map((k) => k.slice(prefix.length)).filter((n) => MEDIA_NAME.test(n))
  }

  async withLocalFile<T>(companyId: number, name: string, use: (file: string) => Promise<T>, visibility: MediaVisibility = 'private'): Promise<T | null> {
    const key = this.keyOf(companyId, name, visibility)
    if (!key) return null
    const local = this.driver.pathOf(key)
    if (local) return fs.existsSync(local) ? use(local) : null
    const stream = await this.driver.get(key)
    if (!stream) return null
    // The copy keeps the name's extension: readers pick the format by it.
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'zapdesk-media-'))
    try {
      const file = path.join(dir, name)
      await pipeline(stream, fs.createWriteStream(file))
      return await use(file)
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true })
    }
  }

  locate(companyId: number, name: string, visibility: MediaVisibility = 'private'): string | null {
    const key = this.keyOf(companyId, name, visibility)
    const file = key ? this.driver.pathOf(key) : null
    return file && fs.existsSync(file) ? file : null
  }
}
