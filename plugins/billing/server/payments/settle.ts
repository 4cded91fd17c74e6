import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { changeCompanyPlan, extendDueDate, isUniqueViolation } from '@zapdesk/plugin-api'
import { Invoice, PaymentEvent } from '../models.ts'
import { invoiceJson } from '../invoices/serialize.ts'
import type { PaymentReport } from '../types.ts'

export type ReportOutcome = 'applied' | 'duplicate' | 'ignored'

/**
 * Pays an invoice once: the conditional update (not yet paid) is the lock, so two events, two instances or a
 * webhook racing a super user's click pay it once and move the due date once. A paid plan change moves the company
 * to its plan; a prorated one keeps the due date (it paid for days of the current period).
 */
export async function payInvoice(app: FastifyInstance, trx: Knex.Transaction, invoice: Invoice, provider: string): Promise<boolean> {
  const paid = await app.bind(Invoice).query(trx).forCompany(invoice.companyId).findById(invoice.id).whereNot('status', 'paid')
    .patch({ status: 'paid', paidAt: new Date().toISOString(), provider })
  if (!paid) return false
  if (invoice.planId && (invoice.kind === 'plan' || invoice.kind === 'prorata')) await changeCompanyPlan(app, invoice.companyId, invoice.planId, trx)
  if (invoice.kind !== 'prorata') {
    const dueDate = await extendDueDate(app, invoice.companyId, trx)
    // Cycle invoices of due dates this payment already covered (the due date moved under them) are void.
    await app.bind(Invoice).query(trx).forCompany(invoice.companyId).where({ status: 'open', kind: 'cycle' }).where('cycle', '<', dueDate)
      .whereNot('id', invoice.id).patch({ status: 'canceled' })
  }
  return true
}

/** After the commit: the company's screens hear it (the checkout's success message, then home), and so do plugins. */
export async function announcePaid(app: FastifyInstance, companyId: number, invoiceId: number): Promise<void> {
  const row = await app.bind(Invoice).query().forCompany(companyId).findById(invoiceId)
  if (!row) return
  app.realtime.publish({ companyId, topic: 'payment', data: { action: 'CONCLUIDA', invoice: invoiceJson(row) } })
  app.events.emit('payment.received', {
    companyId, invoiceId: row.id, detail: row.detail, value: Number(row.value), provider: row.provider ?? 'manual', kind: row.kind,
    paidAt: new Date(row.paidAt ?? Date.now()).toISOString(),
  })
}

/** A super user marks an invoice paid (the manual provider: installs with no payment provider, payments made elsewhere). */
export async function markPaid(app: FastifyInstance, invoice: Invoice): Promise<boolean> {
  const paid = await app.knex.transaction((trx) => payInvoice(app, trx, invoice, 'manual'))
  if (paid) await announcePaid(app, invoice.companyId, invoice.id)
  return paid
}

async function findInvoice(app: FastifyInstance, report: PaymentReport): Promise<Invoice | undefined> {
  const Invoices = app.bind(Invoice)
  if (report.chargeId) {
    const byCharge = await Invoices.query().unscoped().findOne({ provider: report.provider, providerRef: report.chargeId })
    if (byCharge) return byCharge
  }
  if (!report.subscriptionId || report.status !== 'paid') return undefined
  // A card subscription's charge: the company's oldest open invoice is the one it pays.
  const companyId = await app.billing.chargeInfo.companyOfSubscription(report.provider, report.subscriptionId)
  if (!companyId) return undefined
  return Invoices.query().forCompany(companyId).where({ status: 'open' }).orderBy('dueDate').orderBy('id').first()
}

/**
 * Applies what a provider's webhook says, at most once per (provider, eventId): the event row and the invoice change
 * commit together, so a replay, a duplicate delivered at once, or an event after a later one changes nothing twice.
 * Events for charges we do not know (another system's on the same account) are ignored and not recorded.
 */
export async function applyReport(app: FastifyInstance, report: PaymentReport): Promise<ReportOutcome> {
  const seen = await app.bind(PaymentEvent).query().unscoped().findOne({ provider: report.provider, eventId: report.eventId })
  if (seen) return 'duplicate'
  const invoice = await findInvoice(app, report)
  if (!invoice) return 'ignored'
  let paid = false
  try {
    await app.knex.transaction(async (trx) => {
      await app.bind(PaymentEvent).query(trx).forCompany(invoice.companyId)
        .insert({ provider: report.provider, eventId: report.eventId, kind: report.kind, invoiceId: invoice.id })
      if (report.status === 'paid') {
        if (report.subscriptionId && !invoice.providerRef) {
          await app.bind(Invoice).query(trx).forCompany(invoice.companyId).findById(invoice.id).patch({ providerRef: report.chargeId })
        }
        paid = await payInvoice(app, trx, invoice, report.provider)
      } else if (report.status === 'canceled') {
        // A cancel that arrives after the payment (out of order) leaves the paid invoice paid.
        await app.bind(Invoice).query(trx).forCompany(invoice.companyId).findById(invoice.id).where({ status: 'open' }).patch({ status: 'canceled' })
      }
    })
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate'
    throw err
  }
  if (paid) await announcePaid(app, invoice.companyId, invoice.id)
  return 'applied'
}
