import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import type { ByteRange, MediaDriver } from './types.ts'

/** Media as files under the data dir (`<dataDir>/media/<companyId>/<name>`, public files under `public/`). */
export class LocalDriver implements MediaDriver {
  readonly kind = 'local' as const
  constructor(readonly root: string) {}

  pathOf(key: string): string {
    return path.join(this.root, ...key.split('/'))
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const file = this.pathOf(key)
    await fs.promises.mkdir(path.dirname(file), { recursive: true })
    try {
      if (Buffer.isBuffer(data)) await fs.promises.writeFile(file, data, { flag: 'wx' })
      else await pipeline(data, fs.createWriteStream(file, { flags: 'wx' }))
    } catch (err) {
      // A stream cut short (an upload over the limit) must not leave half a file.
      await fs.promises.rm(file, { force: true })
      throw err
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.pathOf(key)
    // Opened before returning, so an absent file is null here and not an error in the middle of a response.
    const handle = await fs.promises.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'EISDIR') return null
      throw err
    })
    if (!handle) return null
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {})
  }

  async head(key: string): Promise<number | null> {
    const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null)
    return stat?.isFile() ? stat.size : null
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true })
  }

  async list(prefix: string): Promise<string[]> {
    const names = await fs.promises.readdir(this.pathOf(prefix)).catch(() => [] as string[])
    return names.map((n) => `${prefix}${n}`)
  }
}
