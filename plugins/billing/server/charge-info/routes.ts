import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, errorResponses, forbidden } from '@zapdesk/plugin-api'
import { ChargeInfoBody, ChargeInfoDto } from './serialize.ts'

const CompanyParams = Type.Object({ companyId: Type.Integer({ minimum: 1, maximum: 2147483647 }) })

/** The spec's charge-info calls: the company's billing data, reachable while overdue (paying needs it). */
export default async function chargeInfoRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/chargeinfo/:companyId', {
    config: { access: 'admin', allowOverdue: true },
    schema: { summary: 'The caller\'s company\'s billing data (null until saved); another company\'s is refused, to super users too', params: CompanyParams, response: { 200: Type.Union([ChargeInfoDto, Type.Null()]), ...errorResponses } },
  }, async (request) => {
    // A payer's CPF and address are the company's own: the platform never needs to read them through the API.
    if (request.params.companyId !== request.auth!.companyId) throw forbidden()
    return app.billing.chargeInfo.get(request.params.companyId)
  })

  for (const method of ['post', 'put'] as const) {
    api[method](method === 'post' ? '/chargeinfo' : '/chargeinfo/', {
      config: { access: 'admin', allowOverdue: true },
      schema: {
        summary: method === 'post' ? 'Save the company\'s billing data (CPF with check digits, 8-digit zip code)' : 'Change the company\'s billing data',
        body: ChargeInfoBody, response: { 200: ChargeInfoDto, ...errorResponses },
      },
    }, async (request) => app.billing.chargeInfo.save(request.auth!.companyId, request.body))
  }
}
