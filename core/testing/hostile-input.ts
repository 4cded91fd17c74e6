/**
 * checkHostileInput: sends every API route of an app a fixed set of hostile inputs generated from its schemas
 * (hostile-cases.ts), as a caller allowed to use the route (the super user for super-only routes, company A's
 * admin otherwise) and without or with forged tokens. Every answer must be < 500 and, when it is an error, JSON
 * with an `ERR_*` code in `error`. Params and id fields start from the caller's own sample data (tenant-data.ts
 * convention), so cases that pass validation reach the handler and the database, not an early 404.
 * Usage:  const app = await build(t); await checkHostileInput(t, app)
 */
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import { apiRoutes, pathParams, resourceOf, type RouteInfo } from './routes.ts'
import { hostileCases, type HostileCase } from './hostile-cases.ts'
import { coreGlobals, fresh, idForParam, newMarker, requestParts, seedCompanyData, type ResourceIds } from './tenant-data.ts'
import { createCompanyWithUsers, createSuper, type TestUser } from './fixtures.ts'
import { Help, Plan } from '../accounts/models.ts'
import { forgetModules } from '../accounts/switched-off.ts'

export interface HostileOptions {
  filter?: (route: RouteInfo) => boolean
  /** Platform-wide resources named by params, as for checkTenantIsolation. */
  globals?: ResourceIds
  assert?: boolean
}

export interface HostileReport {
  routes: number
  inputs: number
  serverErrors: number
  /** 4xx answers that are not JSON with an ERR_* code. */
  badErrorBodies: number
  byStatus: Record<number, number>
  findings: string[]
}

/** The part of a tap test the helpers use. */
type Tap = Pick<Test, 'comment' | 'equal' | 'strictSame'>

/** What is wrong with an answer, if anything: a 5xx, or an error answer without a JSON `ERR_*` code. */
export function answerProblem(status: number, body: string): string | undefined {
  if (status >= 500) return 'server error'
  if (status < 400) return undefined
  try {
    const code = (JSON.parse(body) as { error?: unknown })?.error
    return typeof code === 'string' && /^ERR_[A-Z0-9_]+$/.test(code) ? undefined : 'error answer without an ERR_* code'
  } catch {
    return 'error answer is not JSON'
  }
}

export async function checkHostileInput(t: Tap, app: FastifyInstance, opts: HostileOptions = {}): Promise<HostileReport> {
  const started = Date.now()
  const a = await createCompanyWithUsers(app)
  const superUser = await createSuper(app)
  // Super-only routes act on a throwaway company, plan and help entry: a hostile input that passes validation
  // then really updates or deletes, and must not take away what the callers stand on.
  const target = await createCompanyWithUsers(app)
  const plan = await app.bind(Plan).query().insert({ name: `Hostile ${newMarker()}`, users: 5, connections: 1, queues: 1, value: 0, term: 'MENSAL', features: [], offeredAtSignup: false, bankPlanId: null })
  const help = await app.bind(Help).query().insert({ title: 'Hostile help', description: null, video: null })
  const globals = { ...(await coreGlobals(app)), plans: plan.id, helps: help.id, ...opts.globals }
  const own = { ...globals, ...(await seedCompanyData(app, a.id, newMarker())) }
  const targetIds = { ...globals, ...(await seedCompanyData(app, target.id, newMarker())) }

  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024
  const routes = apiRoutes(app, opts.filter).sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'))
  const report: HostileReport = { routes: routes.length, inputs: 0, serverErrors: 0, badErrorBodies: 0, byStatus: {}, findings: [] }

  for (const route of routes) {
    const superOnly = route.config.access === 'super'
    const ids = superOnly ? targetIds : own
    const caller: TestUser = superOnly ? superUser : a.admin
    const resource = resourceOf(route.url)
    const params = Object.fromEntries(pathParams(route.url).map((p) => [p, idForParam(ids, resource, p) ?? 1]))
    const full = requestParts(route, ids, 'full')
    const base = { params, body: full.body, minimalBody: requestParts(route, ids).body, query: full.query }
    for (const c of hostileCases(route, base, bodyLimit, app.config.uploadMaxBytes)) {
      const res = await send(app, route, c, caller)
      report.inputs++
      report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1
      const problem = answerProblem(res.statusCode, res.body)
      if (!problem) continue
      if (res.statusCode >= 500) report.serverErrors++
      else report.badErrorBodies++
      report.findings.push(`${route.method} ${route.url} [${c.name}] -> ${res.statusCode} ${problem}: ${res.body.slice(0, 120)}`)
    }
    // A valid request may have switched one of the caller's modules off; the next routes need them on.
    await app.knex('companyModules').where({ companyId: a.id }).update({ enabled: true })
    forgetModules(app, a.id)
  }

  const statuses = Object.entries(report.byStatus).map(([s, n]) => `${s}:${n}`).join(' ')
  t.comment(`hostile input: ${report.routes} routes, ${report.inputs} inputs, ${report.serverErrors} 5xx, ${report.badErrorBodies} bad error bodies, ` +
    `${Date.now() - started} ms; statuses ${statuses}`)
  if (opts.assert !== false) {
    t.equal(report.serverErrors, 0, 'no hostile input gets a 5xx')
    t.equal(report.badErrorBodies, 0, 'every error answer is JSON with an ERR_* code')
    t.strictSame(report.findings.slice(0, 60), [], 'no hostile input findings (the first 60 shown)')
  }
  return report
}

async function send(app: FastifyInstance, route: RouteInfo, c: HostileCase, caller: TestUser) {
  const headers: Record<string, string> = {}
  // A fresh token per request: earlier cases may have signed the caller out (logout, password change).
  if (c.auth === 'caller') headers.authorization = (await fresh(app, caller)).headers.authorization
  else if (c.auth !== 'none') headers.authorization = c.auth
  if (c.contentType) headers['content-type'] = c.contentType
  const payload = c.payload === undefined || typeof c.payload === 'string' || Buffer.isBuffer(c.payload) ? c.payload as string | Buffer | undefined : JSON.stringify(c.payload)
  if (payload !== undefined && !c.contentType) headers['content-type'] = 'application/json'
  return app.inject({ method: route.method as 'GET', url: c.url, headers, payload, query: c.query })
}
