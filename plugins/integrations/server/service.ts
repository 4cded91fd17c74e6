import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, openSecret } from '@zapdesk/plugin-api'
import { IntegrationDelivery, IntegrationSession, QueueIntegration } from './models.ts'
import { DEFAULTS, deliveryDto, integrationDto, type CreateInput, type IntegrationJson } from './serialize.ts'
import { checkedValues } from './validate.ts'
import '@zapdesk/queues/public'
import '@zapdesk/connections/public'

export const PAGE_SIZE = 40
const notFound = () => new AppError('ERR_NO_INTEGRATION_FOUND', 404)

/** `app.integrations`: the company's queue integrations, their sealed secrets, and the checks other plugins ask for. */
export class IntegrationsService {
  constructor(private app: FastifyInstance) {}

  private query(trx?: Knex.Transaction) {
    return this.app.bind(QueueIntegration).query(trx)
  }

  /** The spec's list: by name, searchParam (lowercased) matching the name or type, pages of PAGE_SIZE. */
  async page(companyId: number, searchParam: string | undefined, pageNumber: number) {
    const base = this.query().forCompany(companyId)
    const term = searchParam?.trim().toLowerCase()
    if (term) {
      // A company has a handful of integrations: a contains-match costs nothing here.
      const like = `%${term.replace(/[!%_]/g, '!$&')}%`
      base.where((q) => q.whereRaw("lower(name) like ? escape '!'", [like]).orWhereRaw("lower(type) like ? escape '!'", [like]))
    }
    const [{ n }] = (await base.clone().clearSelect().count({ n: '*' })) as unknown as Array<{ n: number }>
    const rows = await base.orderBy('name').orderBy('id').limit(PAGE_SIZE).offset((pageNumber - 1) * PAGE_SIZE)
    return { queueIntegrations: rows.map(integrationDto), count: Number(n), hasMore: Number(n) > pageNumber * PAGE_SIZE }
  }

  async get(companyId: number, id: number): Promise<IntegrationJson> {
    return integrationDto(await this.row(companyId, id))
  }

  /** The row (secrets sealed) or undefined: what the runner reads. */
  async find(companyId: number, id: number, trx?: Knex.Transaction): Promise<QueueIntegration | undefined> {
    return await this.query(trx).forCompany(companyId).findById(id)
  }

  async create(companyId: number, input: CreateInput): Promise<IntegrationJson> {
    const values = checkedValues(this.app, { ...DEFAULTS, ...input }, null)
    const row = await this.query().forCompany(companyId).insert(values as Partial<QueueIntegration>)
    return this.get(companyId, row.id)
  }

  async update(companyId: number, id: number, input: CreateInput): Promise<IntegrationJson> {
    const current = await this.row(companyId, id)
    const values = checkedValues(this.app, input, current)
    await this.query().forCompany(companyId).findById(id).patch(values as Partial<QueueIntegration>)
    return this.get(companyId, id)
  }

  /** Deletes the integration with its sessions and delivery log; queues and connections that named it are left without one. */
  async remove(companyId: number, id: number): Promise<IntegrationJson> {
    const gone = await this.get(companyId, id)
    await this.app.knex.transaction(async (trx) => {
      await this.app.queues.detachIntegration(companyId, id, trx)
      await this.app.connections.detachIntegration(companyId, id, trx)
      await this.app.bind(IntegrationSession).query(trx).forCompany(companyId).delete().where({ integrationId: id })
      await this.app.bind(IntegrationDelivery).query(trx).forCompany(companyId).delete().where({ integrationId: id })
      await this.query(trx).forCompany(companyId).deleteById(id)
    })
    return gone
  }

  /** The newest deliveries of an n8n or webhook integration (the dialog's log). */
  async deliveries(companyId: number, id: number) {
    await this.row(companyId, id)
    const rows = await this.app.bind(IntegrationDelivery).query().forCompany(companyId).where({ integrationId: id }).orderBy('id', 'desc').limit(50)
    return { deliveries: rows.map(deliveryDto) }
  }

  /** A sealed secret in clear, for the call only. */
  secretOf(sealed: string | null): string | null {
    return sealed ? openSecret(this.app.config, sealed) : null
  }

  /** For the queues plugin's hook: a queue may only name an integration of its company. */
  async assertId(companyId: number, id: number, trx?: Knex.Transaction): Promise<void> {
    if (!(await this.find(companyId, id, trx))) throw new AppError('ERR_VALIDATION', 400, [{ field: 'body/integrationId', message: 'not an integration of this company' }])
  }

  private async row(companyId: number, id: number): Promise<QueueIntegration> {
    const row = await this.find(companyId, id)
    if (!row) throw notFound()
    return row
  }
}
