/**
 * What other plugins may use from billing (declare `dependencies: ['billing']`, import `@zapdesk/billing/public`):
 * a payment provider registers itself and reports its webhooks' events; everything else here is internal.
 *
 *   app.billing.providers.register(provider)          // a PaymentProvider
 *   await app.billing.payments.report(report)          // a PaymentReport: 'applied' | 'duplicate' | 'ignored'
 */
import './server/types.ts'

export type { PaymentProvider, PaymentReport, Payer, PixCharge, CardSubscription, CardTokenizer } from './server/types.ts'
export type { BillingService } from './server/service.ts'
