import type { FastifyInstance } from 'fastify'
import type { Knex } from 'knex'
import { Company, Plan, User } from './models.ts'
import { addPeriod, RECURRENCE_MONTHS, type Recurrence } from './due-date.ts'
import { todayIn } from '../auth/service.ts'
import { settingsOf } from './settings.ts'
import { AppError } from '../errors/app-error.ts'

/**
 * What a billing plugin may read and change of a company's subscription (since plugin-api 1.4). Companies, plans
 * and due dates are the kernel's: a plugin never reads their tables, it calls these. Money is in BRL as decimals
 * (plans.value), as the spec shows it.
 */
export interface BillingPlan { id: number; name: string; value: number; users: number; connections: number; queues: number; term: string; bankPlanId: string | null }

export interface BillingCompany {
  id: number; name: string; email: string | null; phone: string | null; status: boolean
  dueDate: string | null; trialExpiration: string | null; recurrence: Recurrence; timezone: string
  /** Today in the company's timezone: the overdue lock compares the due date with it. */
  today: string
  planId: number | null; plan: BillingPlan | null
}

const planOf = (p: Plan): BillingPlan => ({
  id: p.id, name: p.name, value: Number(p.value), users: p.users, connections: p.connections, queues: p.queues, term: p.term, bankPlanId: p.bankPlanId,
})

const recurrenceOf = (r: string): Recurrence => (r in RECURRENCE_MONTHS ? r as Recurrence : 'MENSAL')

function companyOf(c: Company, plan: Plan | undefined): BillingCompany {
  return {
    id: c.id, name: c.name, email: c.email, phone: c.phone, status: c.status, dueDate: c.dueDate, trialExpiration: c.trialExpiration,
    recurrence: recurrenceOf(c.recurrence), timezone: c.timezone, today: todayIn(c.timezone), planId: c.planId, plan: plan ? planOf(plan) : null,
  }
}

export async function billingPlan(app: FastifyInstance, planId: number): Promise<BillingPlan | null> {
  const plan = await app.bind(Plan).query().findById(planId)
  return plan ? planOf(plan) : null
}

export async function billingCompany(app: FastifyInstance, companyId: number, trx?: Knex.Transaction): Promise<BillingCompany | null> {
  const company = await app.bind(Company).query(trx).findById(companyId).withGraphFetched('plan')
  return company ? companyOf(company, company.plan) : null
}

/** Several companies by id in one query (a super user's page of invoices names their companies), by id. */
export async function billingCompanies(app: FastifyInstance, companyIds: number[]): Promise<Map<number, BillingCompany>> {
  const ids = [...new Set(companyIds)]
  if (!ids.length) return new Map()
  const rows = await app.bind(Company).query().findByIds(ids).withGraphFetched('plan')
  return new Map(rows.map((c) => [c.id, companyOf(c, c.plan)]))
}

/** Active companies with a plan whose due date is on or before `until` (yyyy-mm-dd): those a billing run invoices. */
export async function billingCompaniesDueBy(app: FastifyInstance, until: string): Promise<BillingCompany[]> {
  const rows = await app.bind(Company).query().whereNotNull('dueDate').where('dueDate', '<=', until).whereNotNull('planId')
    .where('status', true).withGraphFetched('plan').orderBy('id')
  return rows.map((c) => companyOf(c, c.plan))
}

/**
 * One recurrence period more: from the due date, or from today when it already passed (an overdue company that pays
 * gets a whole period). The access hook reads the due date on every request, so an overdue company is unlocked at
 * once. The caller makes it happen once per payment (in the transaction that marks its invoice paid).
 */
export async function extendDueDate(app: FastifyInstance, companyId: number, trx?: Knex.Transaction): Promise<string> {
  const company = await app.bind(Company).query(trx).findById(companyId)
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  const dueDate = addPeriod(company.dueDate, recurrenceOf(company.recurrence), todayIn(company.timezone))
  await app.bind(Company).query(trx).findById(companyId).patch({ dueDate })
  app.events.emit('company.updated', { companyId })
  return dueDate
}

/** Moves a company to another plan (a paid plan change); the plan's limits and features apply from the next request. */
export async function changeCompanyPlan(app: FastifyInstance, companyId: number, planId: number, trx?: Knex.Transaction): Promise<void> {
  if (!(await app.bind(Plan).query(trx).findById(planId))) throw new AppError('ERR_NO_PLAN_FOUND', 404)
  const changed = await app.bind(Company).query(trx).findById(companyId).patch({ planId })
  if (!changed) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  app.events.emit('company.updated', { companyId })
}

/** How many users a company has (what a plan's `users` limit counts). */
export async function companyUserCount(app: FastifyInstance, companyId: number): Promise<number> {
  return app.bind(User).query().forCompany(companyId).resultSize()
}

/**
 * A setting of the platform itself (the `asaas` payments token super users keep), read from the company of the
 * oldest super user: the platform's company. Empty when there is none.
 */
export async function platformSetting(app: FastifyInstance, key: string): Promise<string> {
  const root = await app.bind(User).query().unscoped().where('super', true).orderBy('id').first()
  if (!root) return ''
  return (await settingsOf(app, root.companyId))[key] ?? ''
}
