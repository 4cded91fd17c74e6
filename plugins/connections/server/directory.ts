import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { DeletionHooks, companyCache, runSql, sqlWriter, type CompanyCache } from '@zapdesk/plugin-api'
import { USER_WHATSAPPS, Whatsapp, WhatsappQueue } from './models.ts'
import { findByApiToken } from './api-token.ts'

/** A connection's stored row (greeting and other texts, timers, default flag, status...), plain JSON-like fields. */
export type ConnectionRow = Record<string, unknown> & { id: number; name: string; companyId: number }

export interface LoadedConnection {
  row: ConnectionRow
  /** Its menu offers queues. */
  offersQueues: boolean
}

/** The credential's hash stays inside this plugin: other plugins get the rest of the row. */
const asRow = ({ apiTokenHash: _hash, ...raw }: Record<string, unknown>): ConnectionRow => ({ ...raw, id: Number(raw.id), name: String(raw.name), companyId: Number(raw.companyId) })

/**
 * `app.connections`: read services over the company's connections for other plugins (their rows are this plugin's
 * tables, which nobody else names). Sending stays on `app.channels`.
 */
export class ConnectionDirectory {
  /** Run inside a connection's delete transaction: plugins whose rows name it detach them (tickets: whatsappId null). */
  readonly deletionHooks = new DeletionHooks()

  /**
   * Each company's connection rows with whether each menu offers queues, kept until a write to either table: every
   * ticket list names its tickets' connections and the inbound pipeline reads a batch's (a company has a few).
   */
  private readonly byCompany: CompanyCache<Map<number, LoadedConnection>>

  constructor(private app: FastifyInstance) {
    this.byCompany = companyCache(app, [Whatsapp.tableName, WhatsappQueue.tableName], (companyId) => this.loadCompany(companyId))
  }

  /** A company's connections with whether each menu offers queues, in one hand-built query (the pipeline's hot path). */
  private async loadCompany(companyId: number): Promise<Map<number, LoadedConnection>> {
    const sql = sqlWriter(this.app.knex)
    const w = Whatsapp.tableName
    const q = WhatsappQueue.tableName
    const offersQueues = `exists (select 1 from ${sql.id(q)} where ${sql.id(`${q}.companyId`)} = ${sql.id(`${w}.companyId`)}`
      + ` and ${sql.id(`${q}.whatsappId`)} = ${sql.id(`${w}.id`)}) as ${sql.id('offersQueues')}`
    const rows = await runSql<Array<Record<string, unknown>>>(this.app.knex, { sql: `select ${sql.id(w)}.*, ${offersQueues} from ${sql.id(w)} where ${sql.id(`${w}.companyId`)} = ?`, bindings: [companyId] })
    return new Map(rows.map(({ offersQueues: offers, ...raw }) => [Number(raw.id), { row: asRow(raw), offersQueues: Boolean(offers) }]))
  }

  /**
   * Connections by (company, id) with whether each menu offers queues (the inbound pipeline reads a whole batch's
   * connections at once), each row a copy of the kept one. Keyed `${companyId}:${id}`.
   */
  async loadMany(pairs: Array<{ companyId: number; whatsappId: number }>): Promise<Map<string, LoadedConnection>> {
    const out = new Map<string, LoadedConnection>()
    const companies = [...new Set(pairs.map((p) => p.companyId))]
    const loaded = new Map(await Promise.all(companies.map(async (c) => [c, await this.byCompany.get(c)] as const)))
    for (const { companyId, whatsappId } of pairs) {
      const found = loaded.get(companyId)?.get(whatsappId)
      if (found) out.set(`${companyId}:${whatsappId}`, { row: { ...found.row }, offersQueues: found.offersQueues })
    }
    return out
  }

  /** One connection of the company with whether its menu offers queues, or undefined. */
  async load(companyId: number, whatsappId: number): Promise<LoadedConnection | undefined> {
    return (await this.loadMany([{ companyId, whatsappId }])).get(`${companyId}:${whatsappId}`)
  }

  /** The company's connection row, or undefined; inside `trx` when given (a caller's transaction holds SQLite's one connection). */
  async row(companyId: number, whatsappId: number, trx?: Knex.Transaction): Promise<ConnectionRow | undefined> {
    const raw = await (trx ?? this.app.knex)(Whatsapp.tableName).where({ companyId, id: whatsappId }).first()
    return raw ? asRow(raw) : undefined
  }

  /** The company's connections with these ids, by id (unknown ids are absent). */
  async rows(companyId: number, ids: number[]): Promise<Map<number, ConnectionRow>> {
    if (!ids.length) return new Map()
    const loaded = await this.byCompany.get(companyId)
    const out = new Map<number, ConnectionRow>()
    for (const id of ids) {
      const found = loaded.get(id)
      if (found) out.set(id, { ...found.row })
    }
    return out
  }

  /** The ids of the queues the connection's menu offers. */
  async queueIds(companyId: number, whatsappId: number, trx?: Knex.Transaction): Promise<number[]> {
    const rows = await (trx ?? this.app.knex)(WhatsappQueue.tableName).where({ companyId, whatsappId }).select('queueId')
    return rows.map((r: { queueId: number }) => Number(r.queueId))
  }

  /** A deleted AI prompt leaves the connections that answered with it (the prompts plugin calls this in its delete). */
  async detachPrompt(companyId: number, promptId: number, trx?: Knex.Transaction): Promise<number> {
    return (trx ?? this.app.knex)(Whatsapp.tableName).where({ companyId, promptId }).update({ promptId: null })
  }

  /** A deleted queue integration leaves the connections that ran it (the integrations plugin calls this in its delete). */
  async detachIntegration(companyId: number, integrationId: number, trx?: Knex.Transaction): Promise<number> {
    return (trx ?? this.app.knex)(Whatsapp.tableName).where({ companyId, integrationId }).update({ integrationId: null })
  }

  /**
   * The connection a messages-API token belongs to (the external API's caller), or undefined for an empty or unknown
   * one. Only the token's hash is stored; the lookup compares hashes in constant time.
   */
  findByApiToken(token: string): Promise<{ companyId: number; whatsappId: number } | undefined> {
    return findByApiToken(this.app, token)
  }

  /** How many connections the company has, whatever their status (billing checks a plan's connection limit with it). */
  async count(companyId: number): Promise<number> {
    const row = await this.app.knex(Whatsapp.tableName).where({ companyId }).count({ n: '*' }).first()
    return Number((row as { n?: number | string } | undefined)?.n ?? 0)
  }

  /** The user's own connection (user.whatsappId), where the tickets that user opens go when none is named, or undefined. */
  async ofUser(companyId: number, userId: number): Promise<number | undefined> {
    const row = await this.app.knex(USER_WHATSAPPS).where({ companyId, userId }).first('whatsappId')
    return row ? Number(row.whatsappId) : undefined
  }

  /** The company's default connection (the oldest one marked default), or undefined. */
  async defaultId(companyId: number): Promise<number | undefined> {
    const row = await this.app.knex(Whatsapp.tableName).where({ companyId, isDefault: true }).orderBy('id').first('id')
    return row ? Number(row.id) : undefined
  }

  /** Every company's connections that close inactive tickets (expiresTicket > 0 minutes), for the auto-close sweep. */
  async expiring(): Promise<Array<{ id: number; companyId: number; expiresTicket: number; expiresInactiveMessage: string | null }>> {
    const rows = await this.app.knex(Whatsapp.tableName).where('expiresTicket', '>', 0).select('id', 'companyId', 'expiresTicket', 'expiresInactiveMessage')
    return rows.map((r: Record<string, unknown>) => ({ id: Number(r.id), companyId: Number(r.companyId), expiresTicket: Number(r.expiresTicket), expiresInactiveMessage: (r.expiresInactiveMessage as string | null) ?? null }))
  }
}
