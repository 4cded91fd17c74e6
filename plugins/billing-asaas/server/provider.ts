import type { FastifyInstance } from 'fastify'
import type { Payer, PaymentProvider } from '@zapdesk/billing/public'
import { asaas } from './client.ts'
import { asaasToken, asaasTokenizer } from './settings.ts'

/** The payer as an Asaas customer, made once and reused (the billing plugin keeps its id). */
async function customerOf(app: FastifyInstance, payer: Payer): Promise<string> {
  if (payer.customerId) return payer.customerId
  const customer = await asaas<{ id: string }>(app, 'POST', '/customers', {
    name: payer.name, cpfCnpj: payer.cpf, email: payer.email || undefined, mobilePhone: payer.phone || undefined,
    postalCode: payer.zipcode, addressNumber: payer.number || undefined, address: payer.street || undefined, province: payer.neighborhood || undefined,
    externalReference: `company-${payer.companyId}`,
  })
  return customer.id
}

/** The company's recurrence as Asaas's subscription cycle. */
const CYCLES = { MENSAL: 'MONTHLY', BIMESTRAL: 'BIMONTHLY', TRIMESTRAL: 'QUARTERLY', SEMESTRAL: 'SEMIANNUALLY', ANUAL: 'YEARLY' } as const

/**
 * Asaas keeps Brazil's calendar: a due date is past or not in São Paulo, not in UTC (3 h ahead in the evening). Built on
 * first use: the first time-zone formatter of a process loads ICU's zone data, 25-35 ms that a start need not pay.
 */
let brazilDay: Intl.DateTimeFormat | undefined
const today = () => (brazilDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })).format(new Date())

export function asaasProvider(app: FastifyInstance): PaymentProvider {
  return {
    name: 'asaas',
    configured: async () => Boolean(await asaasToken(app)),

    async pixCharge(payer, invoice, existing) {
      const customer = await customerOf(app, payer)
      // A past due date is refused by Asaas: an overdue invoice is charged for today. Asked again, the same charge.
      const payment = existing ? { id: existing } : await asaas<{ id: string }>(app, 'POST', '/payments', {
        customer, billingType: 'PIX', value: invoice.value, dueDate: invoice.dueDate < today() ? today() : invoice.dueDate,
        description: invoice.detail, externalReference: `invoice-${invoice.id}`,
      })
      const qr = await asaas<{ encodedImage?: string; payload: string; expirationDate?: string }>(app, 'GET', `/payments/${encodeURIComponent(payment.id)}/pixQrCode`)
      return { chargeId: payment.id, customerId: customer, payload: qr.payload, image: qr.encodedImage ?? null, expiresAt: qr.expirationDate ?? null }
    },

    async cardSubscribe(payer, input) {
      const customer = await customerOf(app, payer)
      const sub = await asaas<{ id: string }>(app, 'POST', '/subscriptions', {
        customer, billingType: 'CREDIT_CARD', value: input.value, nextDueDate: input.nextDueDate < today() ? today() : input.nextDueDate,
        cycle: CYCLES[input.recurrence], description: input.description, creditCardToken: input.token, externalReference: `invoice-${input.invoiceId}`,
      })
      return { subscriptionId: sub.id, customerId: customer }
    },

    async cardUnsubscribe(subscriptionId) {
      await asaas(app, 'DELETE', `/subscriptions/${encodeURIComponent(subscriptionId)}`)
    },

    cardTokenizer: async () => asaasTokenizer(),
  }
}
