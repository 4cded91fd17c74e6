import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, Type, errorResponses } from '@zapdesk/plugin-api'
import type { PaymentReport } from '@zapdesk/billing/public'
import { webhookToken } from './settings.ts'

/** Asaas's payment events as what they mean for an invoice; the rest change nothing here. */
const STATUS: Record<string, PaymentReport['status']> = {
  PAYMENT_RECEIVED: 'paid', PAYMENT_CONFIRMED: 'paid', PAYMENT_RECEIVED_IN_CASH: 'paid',
  PAYMENT_OVERDUE: 'overdue', PAYMENT_DELETED: 'canceled',
}

const Event = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 120 }),
  event: Type.String({ minLength: 1, maxLength: 60 }),
  payment: Type.Optional(Type.Object({
    id: Type.String({ minLength: 1, maxLength: 100 }),
    subscription: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    value: Type.Optional(Type.Number()),
    dueDate: Type.Optional(Type.String({ maxLength: 10 })),
  })),
})

function sameToken(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string' || !expected) return false
  const a = Buffer.from(sent)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Asaas's webhook: authenticated by the `asaas-access-token` header (the webhook's token), then handed to billing,
 * which applies each event id once (Asaas delivers at least once, sometimes out of order).
 */
export default async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  api.post('/billing-asaas/webhook', {
    config: { access: 'public' },
    schema: {
      summary: 'Asaas payment events (header asaas-access-token)',
      body: Event,
      response: { 200: Type.Object({ received: Type.Boolean(), outcome: Type.String() }), ...errorResponses },
    },
    // The token is checked before the body: a forged call learns nothing of what a valid event looks like.
    preValidation: async (request) => {
      if (!sameToken(request.headers['asaas-access-token'], await webhookToken(app))) throw new AppError('ERR_INVALID_TOKEN', 401)
    },
  }, async (request) => {
    const { id, event, payment } = request.body
    if (!payment) return { received: true, outcome: 'ignored' }
    const outcome = await app.billing.payments.report({
      provider: 'asaas', eventId: id, kind: event, chargeId: payment.id, subscriptionId: payment.subscription ?? null,
      status: STATUS[event] ?? 'other', value: payment.value, dueDate: payment.dueDate,
    })
    return { received: true, outcome }
  })
}
