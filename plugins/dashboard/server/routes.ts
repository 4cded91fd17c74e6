import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, errorResponses, safeTimezone, type AuthContext } from '@zapdesk/plugin-api'
import { ChartQuery, DashboardAnswer, DashboardQuery, TicketsDayAnswer, TicketsUsersAnswer } from './schemas.ts'
import { chartRange, dashboardRange } from './range.ts'
import { dashboardStats } from './stats.ts'
import { ticketsPerDay, ticketsPerUser } from './charts.ts'

/** The company a chart is drawn for: one's own, or any existing one a super user names (the spec's companyId). */
async function targetCompany(app: FastifyInstance, auth: AuthContext, requested?: number): Promise<{ id: number; timezone: string }> {
  const id = requested ?? auth.companyId
  if (id !== auth.companyId && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403)
  // One's own company's zone comes with the request; another's (a super user's choice) is read.
  if (id === auth.companyId) return { id, timezone: auth.timezone }
  const row = (await app.knex('companies').where({ id }).first('id', 'timezone')) as { id: number; timezone: string } | undefined
  if (!row) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  return { id: row.id, timezone: safeTimezone(row.timezone) }
}

/** Admin-only figures of the caller's company (spec: the dashboard is for admins). */
export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const config = { access: 'admin' as const }

  api.get('/dashboard', {
    config,
    schema: {
      summary: 'Counters and attendants of the company in a range (days, date_from, date_to: at least one)',
      querystring: DashboardQuery,
      response: { 200: DashboardAnswer, ...errorResponses },
    },
  }, async (request) => {
    const company = await targetCompany(app, request.auth!)
    return dashboardStats(app, company.id, dashboardRange(request.query, company.timezone))
  })

  api.get('/dashboard/ticketsUsers', {
    config,
    schema: {
      summary: 'Tickets per attendant from initialDate to finalDate (yyyy-MM-dd, both included)',
      querystring: ChartQuery,
      response: { 200: TicketsUsersAnswer, ...errorResponses },
    },
  }, async (request) => {
    const company = await targetCompany(app, request.auth!, request.query.companyId)
    return ticketsPerUser(app, company.id, chartRange(request.query, company.timezone))
  })

  api.get('/dashboard/ticketsDay', {
    config,
    schema: {
      summary: 'Tickets per day from initialDate to finalDate, or per hour (horario) when they are the same day',
      querystring: ChartQuery,
      response: { 200: TicketsDayAnswer, ...errorResponses },
    },
  }, async (request) => {
    const company = await targetCompany(app, request.auth!, request.query.companyId)
    return ticketsPerDay(app, company.id, chartRange(request.query, company.timezone), company.timezone)
  })
}
