import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, DeletionHooks, companyCache, type CompanyCache } from '@zapdesk/plugin-api'
import { Queue, QueueOption, USER_QUEUES } from './models.ts'
import { optionNode, queueDto, type OptionNode, type QueueAnswer } from './dto.ts'
import { hasHours, isOpen, localClock, weekIsOpen, type ScheduleEntry } from './opening-hours.ts'

/** Queues sorted as the menus show them: by orderQueue (unset last), then name. Raw SQL, so snake_case. */
export const queueOrder = (table = 'queues'): string => `${table}.order_queue is null, ${table}.order_queue, lower(${table}.name), ${table}.id`

/**
 * What the queues plugin offers other plugins as `app.queues` (see public.ts): checks and lookups that always take
 * the company, so a caller cannot reach another company's queues by id.
 */
export class QueuesService {
  /** Run inside a queue's delete transaction: plugins whose rows name the queue detach them (tickets: queueId null). */
  readonly deletionHooks = new DeletionHooks()
  /** Lets the prompts plugin check a queue's promptId against the company (inside the write's transaction). */
  readonly promptHooks: { validate?: (companyId: number, promptId: number, trx: Knex.Transaction) => Promise<void> } = {}
  /** Lets the integrations plugin check a queue's integrationId against the company (inside the write's transaction). */
  readonly integrationHooks: { validate?: (companyId: number, integrationId: number, trx: Knex.Transaction) => Promise<void> } = {}

  /** Each company's queue names and colours (every ticket list names its tickets' queues; queues seldom change). */
  private readonly labels: CompanyCache<Map<number, { name: string; color: string }>>

  constructor(private app: FastifyInstance) {
    this.labels = companyCache(app, [Queue.tableName], async (companyId) => {
      const rows: Array<{ id: number; name: string; color: string }> = await app.knex(Queue.tableName).where({ companyId }).select('id', 'name', 'color')
      return new Map(rows.map((r) => [Number(r.id), { name: r.name, color: r.color }]))
    })
  }

  /** Throws 404 ERR_NO_QUEUE_FOUND unless every id is a queue of the company (pass the writer's transaction). */
  async assertIds(companyId: number, ids: number[], trx?: Knex.Transaction): Promise<void> {
    const wanted = [...new Set(ids)]
    if (!wanted.length) return
    const found: number[] = await (trx ?? this.app.knex)('queues').where({ companyId }).whereIn('id', wanted).pluck('id')
    const missing = wanted.filter((id) => !found.map(Number).includes(id))
    if (missing.length) throw new AppError('ERR_NO_QUEUE_FOUND', 404, { queueIds: missing })
  }

  /** Name and colour of the company's queues among `ids` (foreign or unknown ids are left out). */
  async describe(companyId: number, ids: number[]): Promise<Map<number, { name: string; color: string }>> {
    if (!ids.length) return new Map()
    const labels = await this.labels.get(companyId)
    const out = new Map<number, { name: string; color: string }>()
    for (const id of ids) {
      const label = labels.get(id)
      if (label) out.set(id, { ...label })
    }
    return out
  }

  /** The company's queues in menu order, each with its hours' state now (open, closed, or none saved). */
  async list(companyId: number, now = new Date()): Promise<QueueAnswer[]> {
    return this.withHours(companyId, await this.app.bind(Queue).query().forCompany(companyId).orderByRaw(queueOrder()), now)
  }

  /** Queues as the list shows them: with their own hours' state now, in the company's timezone. */
  async withHours(companyId: number, rows: Queue[], now = new Date()): Promise<QueueAnswer[]> {
    const company = await this.app.knex('companies').where({ id: companyId }).first('timezone')
    const { day, minutes } = localClock(now, company?.timezone ?? 'America/Sao_Paulo')
    return rows.map((q) => ({ ...queueDto(q), hours: hasHours(q.schedules) ? (weekIsOpen(q.schedules, day, minutes) ? 'open' : 'closed') : 'none' }))
  }

  async find(companyId: number, id: number, trx?: Knex.Transaction): Promise<Queue> {
    const queue = await this.app.bind(Queue).query(trx).forCompany(companyId).findById(id)
    if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND', 404)
    return queue
  }

  /** The options under `parentId` (null: the top level), each with its whole subtree, in option order. */
  async optionTree(companyId: number, queueId: number, parentId: number | null, trx?: Knex.Transaction): Promise<OptionNode[]> {
    const rows = await this.app.bind(QueueOption).query(trx).forCompany(companyId).where({ queueId }).orderBy('option').orderBy('id')
    const byParent = new Map<number | null, OptionNode[]>()
    for (const row of rows) {
      const node = optionNode(row)
      byParent.set(node.parentId, [...(byParent.get(node.parentId) ?? []), node])
    }
    const attach = (nodes: OptionNode[]): OptionNode[] => nodes.map((n) => ({ ...n, children: attach(byParent.get(n.id) ?? []) }))
    return attach(byParent.get(parentId) ?? [])
  }

  /** A deleted AI prompt leaves the queues that answered with it (the prompts plugin calls this in its delete). */
  async detachPrompt(companyId: number, promptId: number, trx?: Knex.Transaction): Promise<number> {
    return (trx ?? this.app.knex)('queues').where({ companyId, promptId }).update({ promptId: null })
  }

  /** A deleted queue integration leaves the queues that ran it (the integrations plugin calls this in its delete). */
  async detachIntegration(companyId: number, integrationId: number, trx?: Knex.Transaction): Promise<number> {
    return (trx ?? this.app.knex)('queues').where({ companyId, integrationId }).update({ integrationId: null })
  }

  /** Ids of the users linked to a queue (for routing and realtime audiences). */
  async userIdsOf(companyId: number, queueId: number): Promise<number[]> {
    // pluck() reads the raw snake_case key, so two-word columns are selected and mapped.
    return (await this.app.knex(USER_QUEUES).where({ companyId, queueId }).select('userId')).map((r: { userId: number }) => Number(r.userId))
  }

  /** Ids of the queues a user of the company serves. */
  async queueIdsOfUser(companyId: number, userId: number): Promise<number[]> {
    return (await this.app.knex(USER_QUEUES).where({ companyId, userId }).select('queueId')).map((r: { queueId: number }) => Number(r.queueId))
  }

  /** A subquery of the ids of the company's users who serve any of these queues, for `whereIn`/`whereNotIn('id', ...)`. */
  usersOfQueuesQuery(companyId: number, queueIds: number[]): Knex.QueryBuilder {
    return this.app.knex(USER_QUEUES).select('userId').where({ companyId }).whereIn('queueId', queueIds)
  }

  /**
   * Whether the company (scheduleType 'company') or the queue (scheduleType 'queue') is open at `now`, reading the
   * setting, the company's timezone and schedules, and the queue's schedules. The tickets pipeline calls this.
   */
  async isOpenNow(companyId: number, queueId: number | null, now = new Date()): Promise<boolean> {
    const setting = await this.app.knex('settings').where({ companyId, key: 'scheduleType' }).first('value')
    const scheduleType = setting?.value ?? 'disabled'
    if (scheduleType === 'disabled') return true
    const company = await this.app.knex('companies').where({ id: companyId }).first('timezone', 'schedules')
    const parse = (raw: unknown): ScheduleEntry[] | null => (typeof raw === 'string' ? JSON.parse(raw) : (raw as ScheduleEntry[] | null) ?? null)
    const queue = queueId === null ? undefined : await this.app.bind(Queue).query().forCompany(companyId).findById(queueId)
    return isOpen({
      scheduleType, timezone: company?.timezone ?? 'UTC', now,
      companySchedules: parse(company?.schedules), queueSchedules: queue ? queue.schedules : undefined,
    })
  }
}
