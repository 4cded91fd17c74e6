import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'

/** Server-generated file names only: a uuid and a short lowercase extension. */
export const MEDIA_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,8})?$/

function extensionOf(originalName: string | undefined): string {
  const ext = path.extname(originalName ?? '').toLowerCase().replace(/[^a-z0-9.]/g, '')
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''
}

/**
 * Media on local disk under the data dir, one folder per company. Names are generated here; a name from a
 * request is only ever looked up, inside the caller's company folder.
 */
export class MediaStorage {
  constructor(readonly root: string) {}

  private dirOf(companyId: number, visibility: 'private' | 'public'): string {
    return path.join(this.root, visibility === 'public' ? 'public' : 'media', String(companyId))
  }

  async save(companyId: number, data: Buffer | Readable, originalName?: string, visibility: 'private' | 'public' = 'private'): Promise<string> {
    const dir = this.dirOf(companyId, visibility)
    await fs.promises.mkdir(dir, { recursive: true })
    const name = `${randomUUID()}${extensionOf(originalName)}`
    const file = path.join(dir, name)
    try {
      if (Buffer.isBuffer(data)) await fs.promises.writeFile(file, data, { flag: 'wx' })
      else await pipeline(data, fs.createWriteStream(file, { flags: 'wx' }))
    } catch (err) {
      await fs.promises.rm(file, { force: true })
      throw err
    }
    return name
  }

  /** The absolute path of a company's file, or null when the name is not one of ours or the file is absent. */
  locate(companyId: number, name: string, visibility: 'private' | 'public' = 'private'): string | null {
    if (!MEDIA_NAME.test(name)) return null
    const file = path.join(this.dirOf(companyId, visibility), name)
    return fs.existsSync(file) ? file : null
  }

  async remove(companyId: number, name: string, visibility: 'private' | 'public' = 'private'): Promise<void> {
    const file = this.locate(companyId, name, visibility)
    if (file) await fs.promises.rm(file, { force: true })
  }
}
