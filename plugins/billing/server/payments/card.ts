import type { FastifyInstance } from 'fastify'
import { AppError, billingCompany } from '@zapdesk/plugin-api'

/** Only the last four digits are kept (the active card strip); the rest is masked. */
export const maskCard = (number: string | undefined): string | null => {
  const digits = (number ?? '').replace(/\D/g, '')
  return digits.length >= 4 ? `**** **** **** ${digits.slice(-4)}` : null
}

/**
 * A card subscription at the provider for the company's open invoice value, charged from that invoice's due date on.
 * Its charges arrive by webhook and pay the company's oldest open invoice each.
 */
export async function cardSubscribe(app: FastifyInstance, companyId: number, body: { payment_token: string; invoiceId: number; cardNumber?: string; cardFlag?: string; cardName?: string }) {
  const invoice = await app.billing.invoices.get(companyId, body.invoiceId)
  if (invoice.status !== 'open') throw new AppError(invoice.status === 'paid' ? 'ERR_INVOICE_PAID' : 'ERR_INVOICE_CANCELED', 409)
  const provider = await app.billing.providers.active()
  if (!provider.cardSubscribe) throw new AppError('ERR_BILLING_NO_CARDS', 409)
  const payer = await app.billing.chargeInfo.payer(companyId)
  const company = await billingCompany(app, companyId)
  const sub = await provider.cardSubscribe(payer, {
    token: body.payment_token, value: Number(invoice.value), nextDueDate: invoice.dueDate, description: invoice.detail, invoiceId: invoice.id, recurrence: company?.recurrence ?? 'MENSAL',
  })
  const refs = {
    provider: provider.name, providerCustomerId: sub.customerId, cardSubscriptionId: sub.subscriptionId,
    cardNumber: maskCard(body.cardNumber), cardFlag: body.cardFlag?.trim() || null,
  }
  await app.billing.chargeInfo.setProviderRefs(companyId, refs)
  return { cardNumber: refs.cardNumber, cardFlag: refs.cardFlag }
}

export async function cardUnsubscribe(app: FastifyInstance, companyId: number): Promise<void> {
  const info = await app.billing.chargeInfo.find(companyId)
  if (!info?.cardSubscriptionId) throw new AppError('ERR_BILLING_NO_CARD', 409)
  const provider = info.provider ? app.billing.providers.byName(info.provider) : undefined
  if (provider?.cardUnsubscribe) await provider.cardUnsubscribe(info.cardSubscriptionId)
  await app.billing.chargeInfo.setProviderRefs(companyId, { cardSubscriptionId: null, cardNumber: null, cardFlag: null })
}

export interface CardConfig { provider: string | null; tokenizeUrl: string | null; publicKey: string | null }

/**
 * What the browser needs to tokenize a card (GET /billing/card-config): the active provider's public tokenizer, or
 * nulls when there is no provider, it takes no cards or has no tokenizer configured (the card option is then hidden).
 */
export async function cardConfig(app: FastifyInstance): Promise<CardConfig> {
  const none = { provider: null, tokenizeUrl: null, publicKey: null }
  let provider
  try {
    provider = await app.billing.providers.active()
  } catch (err) {
    if (err instanceof AppError && err.code === 'ERR_BILLING_NO_PROVIDER') return none
    throw err
  }
  if (!provider.cardSubscribe || !provider.cardTokenizer) return none
  const tokenizer = await provider.cardTokenizer()
  return tokenizer ? { provider: provider.name, tokenizeUrl: tokenizer.tokenizeUrl, publicKey: tokenizer.publicKey } : none
}
