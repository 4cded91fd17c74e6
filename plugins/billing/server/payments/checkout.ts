import type { FastifyInstance } from 'fastify'
import { AppError, billingCompany, billingPlan, companyUserCount, notFound } from '@zapdesk/plugin-api'
import '@zapdesk/queues/public'
import '@zapdesk/connections/public'
import { Invoice } from '../models.ts'
import { planChangePrice, round } from '../price.ts'
import { invoiceJson, type InvoiceJson } from '../invoices/serialize.ts'

/** What POST /subscription answers: the spec's Pix payment (qrcode.qrcode, valor.original) plus the QR image. */
export interface PixAnswer {
  invoiceId: number
  chargeId: string
  valor: { original: string }
  qrcode: { qrcode: string; imagemQrcode: string | null }
  expiresAt: string | null
}

/**
 * Pix for one of the company's open invoices, at the invoice's value (never a price the browser sends). The charge is
 * made once per invoice: asking again answers the same charge's QR code.
 */
export async function pixCheckout(app: FastifyInstance, companyId: number, invoiceId: number): Promise<PixAnswer> {
  const invoice = await app.billing.invoices.get(companyId, invoiceId)
  if (invoice.status !== 'open') throw new AppError(invoice.status === 'paid' ? 'ERR_INVOICE_PAID' : 'ERR_INVOICE_CANCELED', 409)
  const provider = await app.billing.providers.active()
  const payer = await app.billing.chargeInfo.payer(companyId)
  const existing = invoice.provider === provider.name ? invoice.providerRef : null
  const charge = await provider.pixCharge(payer, { id: invoice.id, value: Number(invoice.value), dueDate: invoice.dueDate, detail: invoice.detail }, existing)
  if (charge.customerId !== payer.customerId) await app.billing.chargeInfo.setProviderRefs(companyId, { provider: provider.name, providerCustomerId: charge.customerId })
  await app.bind(Invoice).query().forCompany(companyId).findById(invoice.id).patch({ provider: provider.name, providerRef: charge.chargeId })
  return {
    invoiceId: invoice.id, chargeId: charge.chargeId, valor: { original: Number(invoice.value).toFixed(2) },
    qrcode: { qrcode: charge.payload, imagemQrcode: charge.image }, expiresAt: charge.expiresAt,
  }
}

/**
 * The company uses more than a plan allows: the limit named in the code (0 = unlimited). Queues and connections are
 * counted through their plugins' public services (optional: an install without one has none of them to count).
 */
async function assertFits(app: FastifyInstance, companyId: number, plan: { users: number; connections: number; queues: number }): Promise<void> {
  const used: Record<'users' | 'connections' | 'queues', () => Promise<number>> = { // zapdesk: not a table (plan limit names)
    users: () => companyUserCount(app, companyId),
    connections: async () => (app.hasDecorator('connections') ? app.connections.count(companyId) : 0),
    queues: async () => (app.hasDecorator('queues') ? (await app.queues.list(companyId)).length : 0),
  }
  for (const limit of ['users', 'connections', 'queues'] as const) { // zapdesk: not a table (plan limit names)
    if (plan[limit] <= 0) continue
    const count = await used[limit]()
    if (count > plan[limit]) throw new AppError(`ERR_BILLING_DOWNGRADE_${limit.toUpperCase()}`, 409, { limit: plan[limit], used: count })
  }
}

/**
 * A plan change (POST /upgradeSubscription): refused while the company uses more than the new plan allows; else its
 * open invoices are canceled and one invoice for the change is made at the spec's price (prorated when dearer).
 */
export async function changePlan(app: FastifyInstance, companyId: number, planId: number): Promise<InvoiceJson> {
  const company = await billingCompany(app, companyId)
  if (!company) throw notFound('ERR_NO_COMPANY_FOUND')
  const plan = await billingPlan(app, planId)
  if (!plan) throw notFound('ERR_NO_PLAN_FOUND')
  if (plan.id === company.planId) throw new AppError('ERR_BILLING_SAME_PLAN', 409)
  await assertFits(app, companyId, plan)
  const current = await app.bind(Invoice).query().forCompany(companyId).where({ status: 'open' }).orderBy('dueDate', 'desc').first()
  const base = current ? Number(current.value) : company.plan?.value ?? 0
  const price = planChangePrice(plan.value, base, company.today, company.dueDate)
  const prorata = plan.value > base && company.dueDate !== null && company.dueDate > company.today
  if (price <= 0) throw new AppError('ERR_BILLING_NOTHING_TO_PAY', 409)
  const invoice = await app.knex.transaction(async (trx) => {
    await app.billing.invoices.clearOpen(companyId, trx)
    return app.billing.invoices.insert(companyId, {
      detail: plan.name, value: round(price), dueDate: prorata ? company.today : (company.dueDate && company.dueDate > company.today ? company.dueDate : company.today),
      kind: prorata ? 'prorata' : 'plan', planId: plan.id,
    }, trx)
  })
  return invoiceJson(invoice)
}
