import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError } from '@zapdesk/plugin-api'
import { QueueOption } from './models.ts'

/** Levels of the chatbot tree, top included: deep enough for any menu, far below MariaDB's 15 nested cascades. */
export const MAX_DEPTH = 10

/**
 * Writes to a queue's option tree that keep each level's `option` numbers 1..n without gaps: these are the digits
 * a contact types, so a deleted option must not leave a hole and a moved one must not collide.
 */
export class OptionStore {
  constructor(private app: FastifyInstance, readonly trx: Knex.Transaction, private companyId: number) {}

  private get Options() {
    return this.app.bind(QueueOption)
  }

  async find(id: number): Promise<QueueOption> {
    const option = await this.Options.query(this.trx).forCompany(this.companyId).findById(id)
    if (!option) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND', 404)
    return option
  }

  private async siblings(queueId: number, parentId: number | null): Promise<QueueOption[]> {
    const q = this.Options.query(this.trx).forCompany(this.companyId).where({ queueId }).orderBy('option').orderBy('id')
    return parentId === null ? await q.whereNull('parentId') : await q.where({ parentId })
  }

  /** Gives each row its 1-based place in `ordered`, writing only the rows whose number changes. */
  private async renumber(ordered: QueueOption[]): Promise<void> {
    for (const [i, row] of ordered.entries()) {
      if (row.option !== i + 1) await this.Options.query(this.trx).forCompany(this.companyId).findById(row.id).patch({ option: i + 1 })
    }
  }

  /** The level (1 = top) a new child of `parentId` would sit at. */
  private async depthBelow(parentId: number | null): Promise<number> {
    let depth = 1
    for (let id = parentId; id !== null; depth++) id = (await this.find(id)).parentId
    return depth
  }

  /** Checks the parent belongs to the same queue (and company); answers the parent id to store. */
  async parentFor(queueId: number, parentId: number | null): Promise<number | null> {
    if (parentId === null) return null
    const parent = await this.find(parentId)
    if (parent.queueId !== queueId) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND', 404)
    return parent.id
  }

  async create(fields: { queueId: number; parentId: number | null; title: string; message: string | null; option?: number }): Promise<QueueOption> {
    if ((await this.depthBelow(fields.parentId)) > MAX_DEPTH) {
      throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/parentId', message: `options nest at most ${MAX_DEPTH} levels` }])
    }
    const level = await this.siblings(fields.queueId, fields.parentId)
    const place = Math.min(Math.max(fields.option ?? level.length + 1, 1), level.length + 1)
    const created = await this.Options.query(this.trx).forCompany(this.companyId).insert({ ...fields, option: place })
    await this.renumber([...level.slice(0, place - 1), created, ...level.slice(place - 1)])
    return created
  }

  async update(id: number, fields: { title?: string; message?: string | null; option?: number }): Promise<QueueOption> {
    const row = await this.find(id)
    const { option, ...rest } = fields
    if (Object.keys(rest).length) await this.Options.query(this.trx).forCompany(this.companyId).findById(id).patch(rest)
    if (option !== undefined && option !== row.option) {
      const others = (await this.siblings(row.queueId, row.parentId)).filter((r) => r.id !== id)
      const place = Math.min(Math.max(option, 1), others.length + 1)
      await this.renumber([...others.slice(0, place - 1), row, ...others.slice(place - 1)])
    }
    return this.find(id)
  }

  /** Deletes the option with its subtree (cascade) and closes the gap among its siblings. */
  async remove(id: number): Promise<QueueOption> {
    const row = await this.find(id)
    await this.Options.query(this.trx).forCompany(this.companyId).deleteById(id)
    await this.renumber(await this.siblings(row.queueId, row.parentId))
    return row
  }
}
