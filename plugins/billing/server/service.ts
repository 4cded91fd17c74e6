import type { FastifyInstance } from 'fastify'
import { InvoiceService } from './invoices/service.ts'
import { ChargeInfoService } from './charge-info/service.ts'
import { ProviderRegistry } from './payments/providers.ts'
import { applyReport, type ReportOutcome } from './payments/settle.ts'
import type { PaymentReport } from './types.ts'

/** app.billing: the company's invoices, its charge info, the registered payment providers and their reports. */
export class BillingService {
  readonly invoices: InvoiceService
  readonly chargeInfo: ChargeInfoService
  readonly providers = new ProviderRegistry()
  readonly payments: { report(report: PaymentReport): Promise<ReportOutcome> }

  constructor(app: FastifyInstance) {
    this.invoices = new InvoiceService(app)
    this.chargeInfo = new ChargeInfoService(app)
    this.payments = { report: (report) => applyReport(app, report) }
  }
}
