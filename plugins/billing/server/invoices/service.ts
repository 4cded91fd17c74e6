import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { AppError, billingCompanies, billingCompaniesDueBy, billingCompany, isUniqueViolation, notFound, type Static } from '@zapdesk/plugin-api'
import { Invoice, type InvoiceKind } from '../models.ts'
import { invoiceJson, type InvoiceChangeBody, type InvoiceJson, type NewInvoiceBody } from './serialize.ts'

const PAGE = 20
/** How many days before a company's due date its invoice is made (env BILLING_INVOICE_DAYS_AHEAD). */
export const daysAhead = (): number => Number(process.env.BILLING_INVOICE_DAYS_AHEAD) || 10

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** A company's invoices, and the platform's view of all of them (super users). */
export class InvoiceService {
  constructor(private app: FastifyInstance) {}

  private get Invoices() { return this.app.bind(Invoice) }

  async list(companyId: number): Promise<InvoiceJson[]> {
    const rows = await this.Invoices.query().forCompany(companyId).orderBy('dueDate', 'desc').orderBy('id', 'desc').limit(200)
    return rows.map(invoiceJson)
  }

  async all(q: { searchParam?: string; pageNumber?: number }): Promise<{ invoices: Array<InvoiceJson & { companyName: string }>; count: number; hasMore: boolean }> {
    const page = q.pageNumber ?? 1
    const query = this.Invoices.query().unscoped()
    const term = q.searchParam?.trim().toLowerCase()
    if (term) query.where((w) => w.whereRaw('lower(detail) like ?', [`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]).orWhere('status', term))
    const { results, total } = await query.orderBy('id', 'desc').page(page - 1, PAGE)
    // Companies are the kernel's: their names come through its service, in one query for the page.
    const companies = await billingCompanies(this.app, results.map((r) => r.companyId))
    return { invoices: results.map((r) => ({ ...invoiceJson(r), companyName: companies.get(r.companyId)?.name ?? '' })), count: total, hasMore: page * PAGE < total }
  }

  async get(companyId: number, id: number, trx?: Knex.Transaction): Promise<Invoice> {
    const row = await this.Invoices.query(trx).forCompany(companyId).findById(id)
    if (!row) throw notFound('ERR_NO_INVOICE_FOUND')
    return row
  }

  /** Any company's invoice, for super users and webhooks (the caller checked who may). */
  async anyById(id: number): Promise<Invoice> {
    const row = await this.Invoices.query().unscoped().findById(id)
    if (!row) throw notFound('ERR_NO_INVOICE_FOUND')
    return row
  }

  async create(body: Static<typeof NewInvoiceBody>): Promise<InvoiceJson> {
    if (!(await billingCompany(this.app, body.companyId))) throw notFound('ERR_NO_COMPANY_FOUND')
    return invoiceJson(await this.insert(body.companyId, { detail: body.detail.trim(), value: body.value, dueDate: body.dueDate, kind: 'manual' }))
  }

  async insert(companyId: number, data: { detail: string; value: number; dueDate: string; kind: InvoiceKind; cycle?: string; planId?: number | null }, trx?: Knex.Transaction): Promise<Invoice> {
    return this.Invoices.query(trx).forCompany(companyId).insert({
      detail: data.detail, value: data.value, dueDate: data.dueDate, kind: data.kind, cycle: data.cycle ?? null, planId: data.planId ?? null, status: 'open',
    })
  }

  async update(id: number, body: Static<typeof InvoiceChangeBody>): Promise<InvoiceJson> {
    const row = await this.anyById(id)
    if (row.status === 'paid') throw new AppError('ERR_INVOICE_PAID', 409)
    const { detail, value, dueDate, status } = body
    const patch = Object.fromEntries(Object.entries({ detail: detail?.trim(), value, dueDate, status }).filter(([, v]) => v !== undefined))
    if (Object.keys(patch).length) await this.Invoices.query().forCompany(row.companyId).findById(id).patch(patch)
    return invoiceJson(await this.anyById(id))
  }

  async remove(id: number): Promise<InvoiceJson> {
    const row = await this.anyById(id)
    if (row.status === 'paid') throw new AppError('ERR_INVOICE_PAID', 409)
    await this.Invoices.query().forCompany(row.companyId).deleteById(id)
    return invoiceJson(row)
  }

  /** Cancels the company's open invoices (before a plan change makes a fresh one): the spec's POST /invoices with no body. */
  async clearOpen(companyId: number, trx?: Knex.Transaction): Promise<number> {
    return this.Invoices.query(trx).forCompany(companyId).where({ status: 'open' }).patch({ status: 'canceled' })
  }

  /**
   * The invoicing run: every active company whose due date is within daysAhead() gets the invoice of that due date,
   * at its plan's value. Idempotent: (company, cycle) is unique, so a second run (or another instance's) makes none.
   */
  async runCycle(today = new Date().toISOString().slice(0, 10)): Promise<number> {
    let created = 0
    for (const company of await billingCompaniesDueBy(this.app, addDays(today, daysAhead()))) {
      if (!company.plan || !company.dueDate || company.plan.value <= 0) continue
      try {
        await this.insert(company.id, { detail: company.plan.name, value: company.plan.value, dueDate: company.dueDate, kind: 'cycle', cycle: company.dueDate, planId: company.plan.id })
        created++
      } catch (err) {
        if (!isUniqueViolation(err)) throw err
      }
    }
    return created
  }
}
