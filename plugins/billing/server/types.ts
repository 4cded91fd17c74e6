import type { BillingService } from './service.ts'

/** The payer, as the provider needs it (the company's charge info). */
export interface Payer {
  companyId: number
  name: string; cpf: string; email: string; phone: string; birth: string
  zipcode: string; number: string; street: string; neighborhood: string; city: string; state: string
  /** The provider's customer id from an earlier call, to reuse. */
  customerId: string | null
}

export interface PixCharge {
  /** The provider's id of the charge: webhooks name it, the invoice keeps it. */
  chargeId: string
  customerId: string
  /** The Pix copy-and-paste payload (the QR code's text) and the QR image as base64 PNG when the provider gives one. */
  payload: string
  image: string | null
  expiresAt: string | null
}

export interface CardSubscription { subscriptionId: string; customerId: string }

/**
 * Where the browser tokenizes a card with the provider (public, nothing secret): the card number goes from the browser
 * straight there, and only the token it answers comes to us. The web knows each provider's call by its name.
 */
export interface CardTokenizer { tokenizeUrl: string; publicKey: string | null }

/**
 * A payment provider (a plugin of its own registers one in setup: `app.billing.providers.register(provider)`).
 * Card numbers never reach it through us: the browser tokenizes the card with the provider and sends the token.
 */
export interface PaymentProvider {
  name: string
  /** Whether it can take payments now (its token is set). The first configured provider is the one used. */
  configured(): Promise<boolean>
  /** A Pix charge for an invoice, with its QR code; with `existing` (the charge made before) only its QR code again. */
  pixCharge(payer: Payer, invoice: { id: number; value: number; dueDate: string; detail: string }, existing: string | null): Promise<PixCharge>
  /** A recurring card charge (with the provider's card token); absent when the provider takes no cards. */
  cardSubscribe?(payer: Payer, input: { token: string; value: number; nextDueDate: string; description: string; invoiceId: number; recurrence: 'MENSAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL' }): Promise<CardSubscription>
  cardUnsubscribe?(subscriptionId: string): Promise<void>
  /** Its browser card tokenizer, or null while none is configured (card payments are then not offered). */
  cardTokenizer?(): Promise<CardTokenizer | null>
}

/**
 * What a provider reports about a charge (from its webhook): applied at most once per (provider, eventId); a paid
 * charge pays its invoice once however many events say so.
 */
export interface PaymentReport {
  provider: string
  eventId: string
  kind: string
  /** The provider's charge id, or for subscriptions the subscription id with the charge id. */
  chargeId: string | null
  subscriptionId?: string | null
  status: 'paid' | 'overdue' | 'canceled' | 'other'
  value?: number
  dueDate?: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Invoices, charge info and payment providers: see service.ts. */
    billing: BillingService
  }
}

declare module '@zapdesk/plugin-api' {
  interface DomainEvents {
    /** An invoice was paid (once, however many provider events said so), on the instance that applied it. */
    'payment.received': { companyId: number; invoiceId: number; detail: string; value: number; provider: string; kind: string; paidAt: string }
  }
}
