import { Type, type Static } from '@zapdesk/plugin-api'
import type { Invoice } from '../models.ts'

/** The spec's Invoice (id, detail, value, dueDate, status, companyId); value in BRL with cents, status open/paid/canceled. */
export const InvoiceDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  detail: Type.String(),
  value: Type.Number(),
  dueDate: Type.String(),
  status: Type.String(),
  kind: Type.String(),
  planId: Type.Union([Type.Integer(), Type.Null()]),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Union([Type.String(), Type.Null()]),
})
export type InvoiceJson = Static<typeof InvoiceDto>

export const invoiceJson = (i: Invoice): InvoiceJson => ({
  id: i.id, companyId: i.companyId, detail: i.detail, value: Number(i.value), dueDate: i.dueDate, status: i.status, kind: i.kind,
  planId: i.planId ?? null, paidAt: i.paidAt ?? null, createdAt: i.createdAt ?? null,
})

const Money = Type.Number({ minimum: 0.01, maximum: 1_000_000 })
const DueDate = Type.String({ format: 'date' })

export const NewInvoiceBody = Type.Object({
  companyId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  detail: Type.String({ minLength: 1, maxLength: 200 }),
  value: Money,
  dueDate: DueDate,
})

export const InvoiceChangeBody = Type.Object({
  detail: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  value: Type.Optional(Money),
  dueDate: Type.Optional(DueDate),
  /** Paying is POST /invoices/:id/pay (it moves the due date): here only open and canceled. */
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('canceled')])),
}, { additionalProperties: false })
