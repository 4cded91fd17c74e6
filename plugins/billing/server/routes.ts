import type { FastifyInstance } from 'fastify'
import invoiceRoutes from './invoices/routes.ts'
import chargeInfoRoutes from './charge-info/routes.ts'
import paymentRoutes from './payments/routes.ts'
import accountRoutes from './account-routes.ts'

export default async function billingRoutes(app: FastifyInstance): Promise<void> {
  await app.register(invoiceRoutes)
  await app.register(chargeInfoRoutes)
  await app.register(paymentRoutes)
  await app.register(accountRoutes)
}
