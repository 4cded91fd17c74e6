import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError } from '@zapdesk/plugin-api'
import '@zapdesk/contacts/public'
import { Schedule } from './models.ts'
import { BODY_MIN, scheduleDto, type CreateInput, type ListInput, type ScheduleJson, type UpdateInput } from './serialize.ts'

const PAGE_SIZE = 20

export type ScheduleEvent = { action: 'create' | 'update'; schedule: ScheduleJson } | { action: 'delete'; scheduleId: number }

const notFound = () => new AppError('ERR_NO_SCHEDULE_FOUND', 404)
const bodyTooShort = () => new AppError('ERR_VALIDATION', 400, [{ field: 'body/body', message: 'Mensagem muito curta' }])

/**
 * `app.schedules`: a company's scheduled messages. Editable (body, contact, time, picture) only while not sent; the
 * sender (sender/*) moves them on. Every change is published on the `schedule` topic to the company's users.
 */
export class SchedulesService {
  constructor(private app: FastifyInstance) {}

  rows(trx?: Knex.Transaction) {
    return this.app.bind(Schedule).query(trx)
  }

  async page(companyId: number, q: ListInput): Promise<{ schedules: ScheduleJson[]; count: number; hasMore: boolean }> {
    const page = q.pageNumber ?? 1
    // A filter naming another company's contact or user is a 404, as the row itself would be.
    if (q.contactId) await this.checkContact(companyId, q.contactId)
    if (q.userId && !(await this.app.knex('users').where({ companyId, id: q.userId }).first('id'))) throw new AppError('ERR_NO_USER_FOUND', 404)
    const base = this.rows().forCompany(companyId)
    if (q.contactId) base.where('contactId', q.contactId)
    if (q.userId) base.where('userId', q.userId)
    if (q.from) base.where('sendAt', '>=', new Date(q.from))
    if (q.to) base.where('sendAt', '<', new Date(q.to))
    const term = q.searchParam?.trim().toLowerCase()
    if (term) {
      const like = `%${term.replace(/[!%_]/g, '!$&')}%`
      base.where((w) => w.whereRaw("lower(body) like ? escape '!'", [like]).orWhereIn('contactId', this.app.contacts.idsMatching(companyId, term)))
    }
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy('sendAt', 'desc').orderBy('id', 'desc').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)
    return { schedules: await this.render(companyId, rows), count: Number(n), hasMore: Number(n) > page * PAGE_SIZE }
  }

  async find(companyId: number, id: number, trx?: Knex.Transaction): Promise<Schedule> {
    const row = await this.rows(trx).forCompany(companyId).findById(id)
    if (!row) throw notFound()
    return row
  }

  async get(companyId: number, id: number): Promise<ScheduleJson> {
    return this.renderOne(companyId, await this.find(companyId, id))
  }

  async create(companyId: number, userId: number | null, input: CreateInput): Promise<ScheduleJson> {
    const sendAt = this.checkInput(input)
    await this.checkContact(companyId, input.contactId)
    const row = await this.rows().forCompany(companyId).insert({
      contactId: input.contactId, userId, body: input.body.trim(), sendAt: sendAt!.toISOString(), sentAt: null, status: 'pending',
      mediaPath: null, mediaName: null, messageKey: null, messageId: null, ticketId: null, claimedAt: null, attempts: 0, error: null,
    })
    return this.publish(companyId, 'create', row)
  }

  /**
   * Changes a schedule that was not sent. Conditional on that in the database, so a change cannot slip in while the
   * sender claims it; a failed one goes back to waiting.
   */
  async update(companyId: number, id: number, input: UpdateInput): Promise<ScheduleJson> {
    const sendAt = this.checkInput(input)
    if (input.contactId !== undefined) await this.checkContact(companyId, input.contactId)
    const current = await this.find(companyId, id)
    const patch: Partial<Schedule> = { status: 'pending', error: null }
    if (input.body !== undefined) patch.body = input.body.trim()
    if (input.contactId !== undefined) patch.contactId = input.contactId
    if (sendAt) patch.sendAt = sendAt.toISOString()
    const n = await this.rows().forCompany(companyId).findById(id).whereNull('sentAt').whereIn('status', ['pending', 'failed']).patch(patch)
    if (!n) throw lockedError(current)
    return this.publish(companyId, 'update', await this.find(companyId, id))
  }

  /** Deletes a schedule (sent ones too: they leave the list; the message stays in the ticket), not while it is sent. */
  async remove(companyId: number, id: number): Promise<void> {
    const current = await this.find(companyId, id)
    const n = await this.rows().forCompany(companyId).findById(id).whereNot('status', 'sending').delete()
    if (!n) throw new AppError('ERR_SCHEDULE_SENDING', 409)
    if (current.mediaPath) await this.app.storage.remove(companyId, current.mediaPath)
    this.app.realtime.publish({ companyId, topic: 'schedule', data: { action: 'delete', scheduleId: id } satisfies ScheduleEvent })
  }

  /** Sets or clears (null) the picture of a schedule not sent; the file it replaces is removed. */
  async setMedia(companyId: number, id: number, media: { path: string; name: string } | null): Promise<ScheduleJson> {
    const current = await this.find(companyId, id)
    const n = await this.rows().forCompany(companyId).findById(id).whereNull('sentAt').whereIn('status', ['pending', 'failed'])
      .patch({ mediaPath: media?.path ?? null, mediaName: media?.name.slice(0, 255) ?? null })
    if (!n) throw lockedError(current)
    if (current.mediaPath) await this.app.storage.remove(companyId, current.mediaPath)
    return this.publish(companyId, 'update', await this.find(companyId, id))
  }

  async renderOne(companyId: number, row: Schedule): Promise<ScheduleJson> {
    return (await this.render(companyId, [row]))[0]
  }

  private async render(companyId: number, rows: Schedule[]): Promise<ScheduleJson[]> {
    const contacts = rows.length ? await this.app.contacts.byIds(companyId, [...new Set(rows.map((r) => r.contactId))]) : new Map()
    return rows.map((r) => scheduleDto(r, contacts.get(r.contactId)))
  }

  async publish(companyId: number, action: 'create' | 'update', row: Schedule): Promise<ScheduleJson> {
    const schedule = await this.renderOne(companyId, row)
    this.app.realtime.publish({ companyId, topic: 'schedule', data: { action, schedule } satisfies ScheduleEvent })
    return schedule
  }

  /** The body's trimmed length and a send time in the future; answers the time when one was given. */
  private checkInput(input: UpdateInput): Date | null {
    if (input.body !== undefined && input.body.trim().length < BODY_MIN) throw bodyTooShort()
    if (input.sendAt === undefined) return null
    const at = new Date(input.sendAt)
    if (Number.isNaN(at.getTime())) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/sendAt', message: 'must be a date-time' }])
    if (at.getTime() <= Date.now()) throw new AppError('ERR_SCHEDULE_PAST', 400, [{ field: 'body/sendAt', message: 'must be in the future' }])
    return at
  }

  private async checkContact(companyId: number, contactId: number): Promise<void> {
    if (!(await this.app.contacts.find(companyId, contactId))) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
  }
}

/** Why a schedule cannot change: it went out, or it is going out right now. */
function lockedError(current: Schedule): AppError {
  return current.status === 'sending' ? new AppError('ERR_SCHEDULE_SENDING', 409) : new AppError('ERR_SCHEDULE_SENT', 409)
}
