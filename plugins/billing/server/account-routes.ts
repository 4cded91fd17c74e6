import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, billingCompany, errorResponses, notFound } from '@zapdesk/plugin-api'

/**
 * The company's billing email for /subscription: the company's own address (the kernel's billing account), which the
 * session does not carry; null when the company has none (the page then shows the admin's).
 */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  api.get('/billing/account', {
    config: { access: 'admin', allowOverdue: true },
    schema: {
      summary: 'The company\'s billing email (its own address, null when it has none)',
      response: { 200: Type.Object({ email: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses },
    },
  }, async (request) => {
    const company = await billingCompany(app, request.auth!.companyId)
    if (!company) throw notFound('ERR_NO_COMPANY_FOUND')
    return { email: company.email?.trim() || null }
  })
}
