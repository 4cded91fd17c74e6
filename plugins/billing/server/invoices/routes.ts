import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, Pagination, Type, errorResponses, pageOf } from '@zapdesk/plugin-api'
import { InvoiceChangeBody, InvoiceDto, NewInvoiceBody } from './serialize.ts'
import { markPaid } from '../payments/settle.ts'

/**
 * The spec's invoice calls. Reachable while the company is overdue (allowOverdue): paying is what lifts the lock.
 * A company's admins read their own; super users list everyone's and create, change, delete and mark them paid.
 */
export default async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get('/invoices/list', {
    config: { access: 'admin', allowOverdue: true },
    schema: { summary: 'The company\'s invoices, newest due date first', response: { 200: Type.Array(InvoiceDto), ...errorResponses } },
  }, async (request) => app.billing.invoices.list(request.auth!.companyId))

  api.get('/invoices/all', {
    config: { access: 'super' },
    schema: { summary: 'Every company\'s invoices (super users), searched by detail or status', querystring: Pagination, response: { 200: pageOf('invoices', Type.Composite([InvoiceDto, Type.Object({ companyName: Type.String() })])), ...errorResponses } },
  }, async (request) => app.billing.invoices.all(request.query))

  api.post('/invoices', {
    config: { access: 'admin', allowOverdue: true },
    schema: {
      summary: 'With a body (super users): a new invoice for a company. With none: cancels the caller\'s company\'s open invoices',
      body: Type.Union([NewInvoiceBody, Type.Null()]),
      response: { 200: Type.Object({ canceled: Type.Integer() }), 201: InvoiceDto, ...errorResponses },
    },
    // The spec's page posts nothing to clear: an absent body reads as null, which the schema takes.
    preValidation: async (request) => { request.body ??= null },
  }, async (request, reply) => {
    if (request.body === undefined || request.body === null) return { canceled: await app.billing.invoices.clearOpen(request.auth!.companyId) }
    if (!request.auth!.super) throw new AppError('ERR_NO_PERMISSION', 403)
    return reply.status(201).send(await app.billing.invoices.create(request.body))
  })

  api.put('/invoices/:id', {
    config: { access: 'super' },
    schema: { summary: 'Change an unpaid invoice (super users)', params: IdParams, body: InvoiceChangeBody, response: { 200: InvoiceDto, ...errorResponses } },
  }, async (request) => app.billing.invoices.update(request.params.id, request.body))

  api.delete('/invoices/:id', {
    config: { access: 'super' },
    schema: { summary: 'Delete an unpaid invoice (super users)', params: IdParams, response: { 200: InvoiceDto, ...errorResponses } },
  }, async (request) => app.billing.invoices.remove(request.params.id))

  api.post('/invoices/:id/pay', {
    config: { access: 'super' },
    schema: {
      summary: 'Mark an invoice paid (the manual provider): moves the company\'s due date one period and unlocks it',
      params: IdParams, response: { 200: InvoiceDto, ...errorResponses },
    },
  }, async (request) => {
    const invoice = await app.billing.invoices.anyById(request.params.id)
    if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_PAID', 409)
    await markPaid(app, invoice)
    return (await app.billing.invoices.list(invoice.companyId)).find((i) => i.id === invoice.id)!
  })
}
