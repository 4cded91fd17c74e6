import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, DeletionHooks } from '@zapdesk/plugin-api'
import { FileList, FileOption } from './models.ts'
import { fileListDto, type FileListJson, type OptionInputJson } from './serialize.ts'

const PAGE_SIZE = 20

/** A file of a list, read to be sent (campaigns, schedules): its bytes, type and the name it was uploaded with. */
export interface FileAttachment {
  name: string
  fileName: string
  mimetype: string
  data: Buffer
}

/** A stored upload and the option it belongs to (absent: a new option). */
export interface UploadedOption {
  optionId?: number
  name?: string
  path: string
  fileName: string
  mediaType: string
}

/**
 * `app.files`: the file lists of a company. Other plugins read a list (`find`), load its files to send them
 * (`attachments`) and detach their rows from a list being deleted (`deletionHooks`).
 */
export class FilesService {
  readonly deletionHooks = new DeletionHooks()

  constructor(private app: FastifyInstance) {}

  private lists(trx?: Knex.Transaction) {
    return this.app.bind(FileList).query(trx)
  }

  private options(trx?: Knex.Transaction) {
    return this.app.bind(FileOption).query(trx)
  }

  async page(companyId: number, term: string | undefined, page: number): Promise<{ files: FileListJson[]; count: number; hasMore: boolean }> {
    const base = this.lists().forCompany(companyId)
    const like = term?.trim().toLowerCase()
    if (like) base.whereRaw("lower(name) like ? escape '!'", [`%${like.replace(/[!%_]/g, '!$&')}%`])
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy('name').orderBy('id').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
    const options = rows.length ? await this.options().forCompany(companyId).whereIn('fileListId', rows.map((r) => r.id)) : []
    return { files: rows.map((r) => fileListDto(r, options)), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
  }

  /** One list with its options, or null when the company has no such list. */
  async find(companyId: number, id: number, trx?: Knex.Transaction): Promise<FileListJson | null> {
    const row = await this.lists(trx).forCompany(companyId).findById(id)
    if (!row) return null
    return fileListDto(row, await this.options(trx).forCompany(companyId).where('fileListId', id))
  }

  async get(companyId: number, id: number, trx?: Knex.Transaction): Promise<FileListJson> {
    const found = await this.find(companyId, id, trx)
    if (!found) throw new AppError('ERR_NO_FILE_FOUND', 404)
    return found
  }

  /** The uploaded files of a list, in the list's order, read from the company's media. */
  async attachments(companyId: number, id: number): Promise<FileAttachment[]> {
    const list = await this.get(companyId, id)
    const out: FileAttachment[] = []
    for (const o of list.options) {
      const data = o.path ? await this.app.storage.readBuffer(companyId, o.path) : null
      if (!data) continue
      out.push({ name: o.name, fileName: o.fileName ?? o.path!, mimetype: o.mediaType ?? 'application/octet-stream', data })
    }
    return out
  }

  async create(companyId: number, input: { name: string; message: string; options?: OptionInputJson[] }): Promise<FileListJson> {
    return this.app.knex.transaction(async (trx) => {
      const row = await this.lists(trx).forCompany(companyId).insert({ name: input.name.trim(), message: input.message })
      for (const o of input.options ?? []) await this.options(trx).forCompany(companyId).insert({ fileListId: row.id, name: o.name.trim(), path: null, originalName: null, mediaType: null })
      return this.get(companyId, row.id, trx)
    })
  }

  /**
   * Changes the name and message; `options`, when given, is the whole new list: options named by id are renamed,
   * new ones added (their files follow by upload), the missing ones removed with their files.
   */
  async update(companyId: number, id: number, input: { name?: string; message?: string; options?: OptionInputJson[] }): Promise<FileListJson> {
    const dropped: string[] = []
    const saved = await this.app.knex.transaction(async (trx) => {
      const current = await this.get(companyId, id, trx)
      const patch: Partial<FileList> = {}
      if (input.name !== undefined) patch.name = input.name.trim()
      if (input.message !== undefined) patch.message = input.message
      // Patched even when only options change: updatedAt says the list changed.
      await this.lists(trx).forCompany(companyId).findById(id).patch(patch)
      if (input.options) {
        const known = new Map(current.options.map((o) => [o.id, o]))
        const kept = new Set<number>()
        for (const o of input.options) {
          if (o.id !== undefined && !known.has(o.id)) throw new AppError('ERR_VALIDATION', 400, [{ field: 'options', message: `option ${o.id} is not in this list` }])
          if (o.id !== undefined) {
            kept.add(o.id)
            await this.options(trx).forCompany(companyId).findById(o.id).patch({ name: o.name.trim() })
          } else {
            await this.options(trx).forCompany(companyId).insert({ fileListId: id, name: o.name.trim(), path: null, originalName: null, mediaType: null })
          }
        }
        const gone = current.options.filter((o) => !kept.has(o.id))
        if (gone.length) await this.options(trx).forCompany(companyId).whereIn('id', gone.map((o) => o.id)).delete()
        dropped.push(...gone.flatMap((o) => (o.path ? [o.path] : [])))
      }
      return this.get(companyId, id, trx)
    })
    await this.removeFiles(companyId, dropped)
    return saved
  }

  /** Deletes a list and its files; other plugins' hooks detach what named it, in the same transaction. */
  async remove(companyId: number, id: number): Promise<FileListJson> {
    const gone = await this.app.knex.transaction(async (trx) => {
      const current = await this.get(companyId, id, trx)
      await this.deletionHooks.run(trx, companyId, id)
      await this.options(trx).forCompany(companyId).where('fileListId', id).delete()
      await this.lists(trx).forCompany(companyId).deleteById(id)
      return current
    })
    await this.removeFiles(companyId, gone.options.flatMap((o) => (o.path ? [o.path] : [])))
    return gone
  }

  /**
   * Stores uploaded files on the list's options, all or none: each on the option it names (its file replaced, the
   * old one removed) or on a new option. An option id not in this list refuses the whole upload.
   */
  async attach(companyId: number, id: number, uploads: UploadedOption[]): Promise<FileListJson> {
    const replaced: string[] = []
    const saved = await this.app.knex.transaction(async (trx) => {
      const list = await this.get(companyId, id, trx)
      for (const u of uploads) {
        const option = u.optionId === undefined ? undefined : list.options.find((o) => o.id === u.optionId)
        if (u.optionId !== undefined && !option) throw new AppError('ERR_VALIDATION', 400, [{ field: 'id', message: `option ${u.optionId} is not in this list` }])
        const values = { path: u.path, originalName: u.fileName.slice(0, 255), mediaType: u.mediaType.slice(0, 100) }
        const name = u.name?.trim().slice(0, 100)
        if (option) {
          await this.options(trx).forCompany(companyId).findById(option.id).patch({ ...values, ...(name ? { name } : {}) })
          if (option.path) replaced.push(option.path)
        } else {
          await this.options(trx).forCompany(companyId).insert({ fileListId: id, name: name || u.fileName.slice(0, 100), ...values })
        }
      }
      await this.lists(trx).forCompany(companyId).findById(id).patch({})
      return this.get(companyId, id, trx)
    })
    await this.removeFiles(companyId, replaced)
    return saved
  }

  private async removeFiles(companyId: number, paths: string[]): Promise<void> {
    await Promise.all(paths.map((p) => this.app.storage.remove(companyId, p)))
  }
}
