import type { FastifyInstance } from 'fastify'

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

  /** The ids of every inactive company (few: the install-wide session scan skips them). */
  async inactiveIds(): Promise<Set<number>> {
    return new Set((await this.app.knex('companies').where({ status: false }).pluck('id')).map(Number))
  }
}
