import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, Type, errorResponses } from '@zapdesk/plugin-api'
import { changePlan, pixCheckout } from './checkout.ts'
import { cardConfig, cardSubscribe, cardUnsubscribe } from './card.ts'
import { InvoiceDto } from '../invoices/serialize.ts'

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
const Loose = Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Null()]))

/**
 * The spec's payment calls, reachable while overdue. Prices come from the server's invoices and plans: the plan and
 * price fields the spec's page sends along are accepted and not trusted.
 */
export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const config = { access: 'admin' as const, allowOverdue: true }

  api.post('/subscription', {
    config,
    schema: {
      summary: 'Pix for one of the company\'s open invoices: the QR code payload (qrcode.qrcode), its image and the value (valor.original)',
      body: Type.Object({ invoiceId: Id, price: Loose, users: Loose, connections: Loose, plan: Type.Optional(Type.Unknown()) }),
      response: {
        200: Type.Object({
          invoiceId: Type.Integer(), chargeId: Type.String(), valor: Type.Object({ original: Type.String() }),
          qrcode: Type.Object({ qrcode: Type.String(), imagemQrcode: Type.Union([Type.String(), Type.Null()]) }), expiresAt: Type.Union([Type.String(), Type.Null()]),
        }),
        ...errorResponses,
      },
    },
  }, async (request) => pixCheckout(app, request.auth!.companyId, request.body.invoiceId))

  api.post('/upgradeSubscription', {
    config,
    schema: {
      summary: 'Change plan: refused while the company uses more than the new plan allows; answers the invoice to pay (spec price rule)',
      body: Type.Object({ planId: Id, companyId: Type.Optional(Id), bankPlanID: Loose, planName: Loose, dueDate: Loose, planValue: Loose }),
      response: { 200: InvoiceDto, ...errorResponses },
    },
  }, async (request) => {
    if (request.body.companyId !== undefined && request.body.companyId !== request.auth!.companyId) throw new AppError('ERR_NO_PERMISSION', 403)
    return changePlan(app, request.auth!.companyId, request.body.planId)
  })

  api.post('/cardsubscription', {
    config,
    schema: {
      summary: 'Pay the open invoice and the next ones by card: the provider\'s card token only (the number never reaches us whole)',
      body: Type.Object({
        payment_token: Type.String({ minLength: 1, maxLength: 200 }), invoiceId: Id,
        cardNumber: Type.Optional(Type.String({ maxLength: 19, pattern: '^[0-9 *]*$' })), cardName: Type.Optional(Type.String({ maxLength: 100 })),
        cardFlag: Type.Optional(Type.String({ maxLength: 20 })), bankPlanID: Loose, planId: Type.Optional(Id), planName: Loose, planValue: Loose,
      }),
      response: { 200: Type.Object({ cardNumber: Type.Union([Type.String(), Type.Null()]), cardFlag: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses },
    },
  }, async (request) => cardSubscribe(app, request.auth!.companyId, request.body))

  const Nullable = Type.Union([Type.String(), Type.Null()])
  api.get('/billing/card-config', {
    config,
    schema: {
      summary: 'The active provider\'s browser card tokenizer (public, no secret); nulls when cards are not offered',
      response: { 200: Type.Object({ provider: Nullable, tokenizeUrl: Nullable, publicKey: Nullable }), ...errorResponses },
    },
  }, async () => cardConfig(app))

  api.post('/cardunsubscription', {
    config,
    schema: { summary: 'Stop the card subscription', response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorResponses } },
  }, async (request) => {
    await cardUnsubscribe(app, request.auth!.companyId)
    return { ok: true }
  })
}
