import type { FastifyInstance } from 'fastify'

/** A company's invoice and charge info for the cross-tenant checks (`invoices` fills /invoices/:id). */
export async function sampleBilling(app: FastifyInstance, companyId: number, marker: string): Promise<Record<string, number>> {
  const invoice = await app.billing.invoices.insert(companyId, { detail: `Plano ${marker}`, value: 99, dueDate: '2030-01-10', kind: 'manual' })
  await app.billing.chargeInfo.save(companyId, { cpf: '52998224725', birth: '1990-05-01', zipcode: '01001000', name: `Pagador ${marker}`, city: 'São Paulo' })
  return { invoices: invoice.id, invoiceId: invoice.id }
}
