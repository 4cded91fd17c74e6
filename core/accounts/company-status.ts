import type { FastifyInstance } from 'fastify'
import { todayIn } from '../auth/service.ts'
import { featuresNow } from './switched-off.ts'

/** What the access hook decides a company may do, for callers that are not a signed-in user (API tokens). */
export interface CompanyStanding {
  active: boolean
  /** The subscription's due date passed (in the company's timezone): the same lock the access hook applies. */
  overdue: boolean
  /** Its plan's features, less the modules it switched off. */
  features: Set<string>
}

/**
 * Whether a company is active, for the kernel and plugins (the connections plugin starts no session of an
 * inactive company). A deactivated company's sockets close at once, on every instance.
 */
export class CompanyStatus {
  constructor(private app: FastifyInstance) {
    app.events.on('company.statusChanged', ({ companyId, active }) => {
      if (!active) app.realtime.closeCompany(companyId, 4401, 'ERR_COMPANY_INACTIVE')
    }, { scope: 'cluster' })
  }

  async isActive(companyId: number): Promise<boolean> {
    const row = await this.app.knex('companies').where({ id: companyId }).first('status')
    return Boolean(row?.status)
  }

  /**
   * Active, overdue and plan features of a company, by the rules signed-in users get from the access hook
   * (core/auth/service.ts loadContext), for requests that carry another credential (the external API's tokens).
   */
  async standing(companyId: number): Promise<CompanyStanding | undefined> {
    const row = await this.app.knex('companies').leftJoin('plans', 'plans.id', 'companies.planId').where('companies.id', companyId)
      .first('companies.status', 'companies.dueDate', 'companies.timezone', 'plans.features')
    if (!row) return undefined
    return {
      active: Boolean(row.status),
      overdue: row.dueDate !== null && row.dueDate < todayIn(row.timezone),
      features: await featuresNow(this.app, companyId, row.features),
    }
  }

  /** The ids of every inactive company (few: the install-wide session scan skips them). */
  async inactiveIds(): Promise<Set<number>> {
    return new Set((await this.app.knex('companies').where({ status: false }).pluck('id')).map(Number))
  }
}
