import type { FastifyInstance } from 'fastify'
import { AppError, type Static } from '@zapdesk/plugin-api'
import { Announcement } from './models.ts'
import { DEFAULT_PRIORITY, type CreateBody, type UpdateBody } from './serialize.ts'

export const PAGE_SIZE = 20

/** An uploaded image: its stored name in the public folder of `companyId`, and the name it came with. */
export interface StoredImage {
  companyId: number
  path: string
  originalName: string
}

/**
 * The announcements table: platform rows (no company), so every query here is deliberately platform-wide. Who may
 * call what is the routes' business (super users write; everybody reads the active ones).
 */
export class AnnouncementsService {
  constructor(private app: FastifyInstance) {}

  private get rows() {
    return this.app.bind(Announcement).query()
  }

  /** A page, high priority first then newest; `onlyActive` for everyone but the super users' management page. */
  async page(opts: { searchParam?: string; pageNumber: number; onlyActive: boolean }) {
    const base = this.rows
    if (opts.onlyActive) base.where('status', true)
    const term = opts.searchParam?.trim().toLowerCase()
    if (term) {
      // Tens of announcements, not millions: a contains-match on title and text costs nothing.
      const like = `%${term.replace(/[!%_]/g, '!$&')}%`
      base.where((q) => q.whereRaw("lower(title) like ? escape '!'", [like]).orWhereRaw("lower(text) like ? escape '!'", [like]))
    }
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const records = await base.orderBy('priority').orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(PAGE_SIZE).offset((opts.pageNumber - 1) * PAGE_SIZE)
    return { records, count: Number(n), hasMore: Number(n) > opts.pageNumber * PAGE_SIZE }
  }

  async get(id: number): Promise<Announcement> {
    const row = await this.rows.findById(id)
    if (!row) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND', 404)
    return row
  }

  async create(body: Static<typeof CreateBody>): Promise<Announcement> {
    return await this.rows.insert({
      title: body.title.trim(), text: body.text, priority: body.priority ?? DEFAULT_PRIORITY, status: body.status ?? true,
      mediaPath: null, mediaName: null, mediaCompanyId: null,
    })
  }

  async update(id: number, body: Static<typeof UpdateBody>): Promise<{ before: Announcement; after: Announcement }> {
    const before = await this.get(id)
    const patch: Partial<Announcement> = {}
    if (body.title !== undefined) patch.title = body.title.trim()
    if (body.text !== undefined) patch.text = body.text
    if (body.priority !== undefined) patch.priority = body.priority
    if (body.status !== undefined) patch.status = body.status
    const after = Object.keys(patch).length ? await this.rows.patchAndFetchById(id, patch) : before
    return { before, after }
  }

  async remove(id: number): Promise<Announcement> {
    const row = await this.get(id)
    await this.rows.deleteById(id)
    await this.dropImage(row)
    return row
  }

  /** Puts `image` on the announcement (the previous one is deleted); a failed save leaves no file behind. */
  async setImage(id: number, image: StoredImage): Promise<{ before: Announcement; after: Announcement }> {
    let before: Announcement
    let after: Announcement
    try {
      before = await this.get(id)
      after = await this.rows.patchAndFetchById(id, { mediaPath: image.path, mediaName: image.originalName.slice(0, 255), mediaCompanyId: image.companyId })
    } catch (err) {
      await this.app.storage.remove(image.companyId, image.path, 'public')
      throw err
    }
    await this.dropImage(before)
    return { before, after }
  }

  async clearImage(id: number): Promise<{ before: Announcement; after: Announcement }> {
    const before = await this.get(id)
    const after = await this.rows.patchAndFetchById(id, { mediaPath: null, mediaName: null, mediaCompanyId: null })
    await this.dropImage(before)
    return { before, after }
  }

  private async dropImage(row: Announcement): Promise<void> {
    if (row.mediaPath && row.mediaCompanyId) await this.app.storage.remove(row.mediaCompanyId, row.mediaPath, 'public')
  }
}
