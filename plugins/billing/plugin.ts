import { definePlugin } from '@zapdesk/plugin-api'
import routes from './server/routes.ts'
import { BillingService } from './server/service.ts'
import { invoiceJob, scheduleInvoicing } from './server/invoices/job.ts'
import { sampleBilling } from './server/testing.ts'
import './server/types.ts'

/**
 * Billing (the spec's /financeiro and /subscription): invoices made ahead of each company's due date, its charge
 * info, Pix and card payments through provider plugins (billing-asaas), and the manual provider (a super user marks
 * an invoice paid). A paid invoice moves the company's due date one period, which lifts the overdue lock at once;
 * every route here answers while overdue. Money: BRL decimals with cents, as plans. See README.md.
 */
export default definePlugin({
  name: 'billing',
  version: '1.0.0',
  description: 'Invoices, charge info, Pix and card payments through provider plugins, the overdue path',
  optionalDependencies: ['queues', 'connections'],
  tables: ['invoices', 'charge_infos', 'payment_events'],
  provides: ['billing'],
  events: ['payment.received'],
  errorCodes: [
    'ERR_NO_INVOICE_FOUND', 'ERR_INVOICE_PAID', 'ERR_INVOICE_CANCELED', 'ERR_NO_CHARGE_INFO_FOUND', 'ERR_BILLING_INVALID_CPF',
    'ERR_BILLING_NO_PROVIDER', 'ERR_BILLING_NO_CARDS', 'ERR_BILLING_NO_CARD', 'ERR_BILLING_SAME_PLAN', 'ERR_BILLING_NOTHING_TO_PAY',
    'ERR_BILLING_DOWNGRADE_USERS', 'ERR_BILLING_DOWNGRADE_CONNECTIONS', 'ERR_BILLING_DOWNGRADE_QUEUES', 'ERR_BILLING_PROVIDER_FAILED',
  ],
  migrations: new URL('./migrations/', import.meta.url),
  routes,
  topics: { payment: { adminOnly: true } },
  jobs: { invoices: invoiceJob },
  setup(app) {
    app.decorate('billing', new BillingService(app))
    scheduleInvoicing(app)
  },
  tenantFixtures: sampleBilling,
})
