import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, companyCache, type AuthContext, type CompanyCache } from '@zapdesk/plugin-api'
import { Tag, TICKET_TAGS } from './models.ts'
import { tagDto, type TagAnswer, type TicketTag } from './dto.ts'

/**
 * Checks that a caller may tag this ticket: it exists in the caller's company (and, if the tickets plugin wants,
 * is one the caller can see). Throws (404 ERR_NO_TICKET_FOUND) when not. The tickets plugin registers it.
 */
export type TicketValidator = (auth: AuthContext, ticketId: number, trx: Knex.Transaction) => Promise<void>

/**
 * What the tags plugin offers other plugins as `app.tags` (see public.ts). Every call takes the company, so tag and
 * ticket ids of another company are never reached.
 */
export class TagsService {
  /** Set by the tickets plugin in its setup. Until then no ticket exists, so /tags/sync answers ERR_NO_TICKET_FOUND. */
  validateTicket?: TicketValidator

  /** Each company's tags by id (every ticket page names its tickets' tags; a company has a few dozen). */
  private readonly labels: CompanyCache<Map<number, TicketTag>>

  constructor(private app: FastifyInstance) {
    this.labels = companyCache(app, [Tag.tableName], async (companyId) => {
      const rows: Array<{ id: number; name: string; color: string; kanban: unknown }> = await app.knex(Tag.tableName).where({ companyId }).select('id', 'name', 'color', 'kanban')
      return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), name: r.name, color: r.color, kanban: r.kanban ? 1 : 0 }]))
    })
  }

  /** Throws 404 ERR_NO_TAG_FOUND unless every id is a tag of the company. */
  async assertIds(companyId: number, ids: number[], trx?: Knex.Transaction): Promise<void> {
    const wanted = [...new Set(ids)]
    if (!wanted.length) return
    const found = (await (trx ?? this.app.knex)('tags').where({ companyId }).whereIn('id', wanted).select('id')).map((r: { id: number }) => Number(r.id))
    const missing = wanted.filter((id) => !found.includes(id))
    if (missing.length) throw new AppError('ERR_NO_TAG_FOUND', 404, { tagIds: missing })
  }

  /** How many tickets carry each tag. */
  async ticketCounts(companyId: number, tagIds: number[]): Promise<Map<number, number>> {
    if (!tagIds.length) return new Map()
    const rows = await this.app.knex(TICKET_TAGS).where({ companyId }).whereIn('tagId', tagIds).groupBy('tagId').select('tagId').count({ n: '*' })
    return new Map((rows as Array<{ tagId: number; n: number | string }>).map((r) => [Number(r.tagId), Number(r.n)]))
  }

  async withCounts(companyId: number, tags: Tag[]): Promise<TagAnswer[]> {
    const counts = await this.ticketCounts(companyId, tags.map((t) => t.id))
    return tags.map((t) => tagDto(t, counts.get(t.id) ?? 0))
  }

  /** A subquery of the company's ticket ids carrying this tag, for `whereIn('id', ...)` in the tickets plugin's lists. */
  ticketIdsTagged(companyId: number, tagId: number): Knex.QueryBuilder {
    return this.app.knex(TICKET_TAGS).select('ticketId').where({ companyId, tagId })
  }

  /**
   * A column for the tickets plugin's own queries: the ids of each ticket's tags, comma-separated (null: none), read
   * in the same query; `tagsNamed` turns them into tags. `ticketId` / `companyId` name the query's columns.
   */
  tagIdsColumn(ticketId: string, companyId: string, as: string): Knex.Raw {
    return this.app.knex.raw('(select group_concat(??) from ?? where ?? = ?? and ?? = ??) as ??',
      [`${TICKET_TAGS}.tagId`, TICKET_TAGS, `${TICKET_TAGS}.companyId`, companyId, `${TICKET_TAGS}.ticketId`, ticketId, as])
  }

  /** Tickets' tags from tagIdsColumn's values (by ticket id), in the order ticket answers show them; no query once the company's tags are kept. */
  async tagsNamed(companyId: number, tagIds: Map<number, string | null>): Promise<Map<number, TicketTag[]>> {
    const labels = await this.labels.get(companyId)
    const out = new Map<number, TicketTag[]>()
    for (const [ticketId, text] of tagIds) {
      const tags = text ? text.split(',').flatMap((id) => labels.get(Number(id)) ?? []) : []
      out.set(ticketId, tags.sort(byName).map((t) => ({ ...t })))
    }
    return out
  }

  /** The tags of each of these tickets (for ticket answers and the kanban board), by ticket id. */
  async ofTickets(companyId: number, ticketIds: number[]): Promise<Map<number, TicketTag[]>> {
    return (await this.ofCompaniesTickets(new Map([[companyId, ticketIds]]))).get(companyId)!
  }

  /**
   * ofTickets for several companies in one query (the inbound pipeline's batches span companies): each company's
   * ticket ids are looked up under that company only. By company id, then ticket id.
   */
  async ofCompaniesTickets(wanted: Map<number, number[]>): Promise<Map<number, Map<number, TicketTag[]>>> {
    const out = new Map<number, Map<number, TicketTag[]>>()
    for (const [companyId, ids] of wanted) out.set(companyId, new Map(ids.map((id) => [id, []])))
    const asked = [...wanted].filter(([, ids]) => ids.length)
    if (!asked.length) return out
    const rows = await this.app.knex(TICKET_TAGS)
      .join('tags', (j) => j.on('tags.id', '=', `${TICKET_TAGS}.tagId`).andOn('tags.companyId', '=', `${TICKET_TAGS}.companyId`))
      .where((q) => {
        for (const [companyId, ids] of asked) q.orWhere((c) => c.where(`${TICKET_TAGS}.companyId`, companyId).whereIn(`${TICKET_TAGS}.ticketId`, ids))
      })
      .orderByRaw('lower(tags.name), tags.id').select(`${TICKET_TAGS}.companyId`, `${TICKET_TAGS}.ticketId`, 'tags.id', 'tags.name', 'tags.color', 'tags.kanban')
    for (const r of rows as Array<{ companyId: number; ticketId: number; id: number; name: string; color: string; kanban: unknown }>) {
      out.get(Number(r.companyId))?.get(Number(r.ticketId))?.push({ id: Number(r.id), name: r.name, color: r.color, kanban: r.kanban ? 1 : 0 })
    }
    return out
  }

  /** Replaces a ticket's tags (ids checked against the company). The caller has checked the ticket. */
  async setTicketTags(companyId: number, ticketId: number, tagIds: number[], trx: Knex.Transaction): Promise<void> {
    const ids = [...new Set(tagIds)]
    await this.assertIds(companyId, ids, trx)
    await trx(TICKET_TAGS).where({ companyId, ticketId }).delete()
    const createdAt = new Date()
    if (ids.length) await trx(TICKET_TAGS).insert(ids.map((tagId) => ({ companyId, ticketId, tagId, createdAt })))
  }

  /** Adds one tag to a ticket (kanban: moving a card); adding it twice is a no-op. */
  async addTicketTag(companyId: number, ticketId: number, tagId: number, trx: Knex.Transaction): Promise<void> {
    await this.assertIds(companyId, [tagId], trx)
    if (!(await trx(TICKET_TAGS).where({ companyId, ticketId, tagId }).first())) await trx(TICKET_TAGS).insert({ companyId, ticketId, tagId, createdAt: new Date() })
  }

  /** Removes one tag, or every tag when `tagId` is omitted, from a ticket. */
  async removeTicketTags(companyId: number, ticketId: number, tagId?: number, trx?: Knex.Transaction): Promise<void> {
    const q = (trx ?? this.app.knex)(TICKET_TAGS).where({ companyId, ticketId })
    await (tagId === undefined ? q : q.where({ tagId })).delete()
  }

  /** For the tickets plugin when a ticket is deleted: its tag links go too (there is no foreign key to tickets). */
  forgetTicket(companyId: number, ticketId: number, trx?: Knex.Transaction): Promise<void> {
    return this.removeTicketTags(companyId, ticketId, undefined, trx)
  }

  async find(companyId: number, id: number): Promise<Tag> {
    const tag = await this.app.bind(Tag).query().forCompany(companyId).findById(id)
    if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404)
    return tag
  }
}

/** The order ticket answers list tags in (ofCompaniesTickets' lower(name), id). */
function byName(a: TicketTag, b: TicketTag): number {
  const x = a.name.toLowerCase()
  const y = b.name.toLowerCase()
  return x < y ? -1 : x > y ? 1 : a.id - b.id
}
