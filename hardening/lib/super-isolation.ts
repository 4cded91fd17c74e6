import type { FastifyInstance } from 'fastify'
import { apiRoutes, fillPath, pathParams, resourceOf, type RouteInfo } from '../../core/testing/routes.ts'
import { companySnapshot, coreGlobals, fresh, idForParam, newMarker, requestParts, seedCompanyData, type ResourceIds } from '../../core/testing/tenant-data.ts'
import { createCompanyWithUsers, createSuper } from '../../core/testing/fixtures.ts'
import { errorCode, showsCompany } from '../../core/testing/tenancy.ts'

/**
 * The third row of the matrix: a super user. Super users administer the platform, so some routes reach other
 * companies BY DESIGN (spec: companies and their users, help entries and announcements (platform content), and the
 * lists that take `companyId`: GET /whatsapp, /queue, /tags, /users, /dashboard...). Every other route acts on the
 * super user's own company: given company B's ids it must refuse like it does for anyone else, and no answer may show
 * B's data.
 */
export interface SuperReport {
  routes: number
  attempts: number
  refused: number
  /** Routes not called: super-only routes and the platform-administration ones above (reaching B is their job). */
  byDesign: string[]
  successes: number
  leaks: number
  serverErrors: number
  changedTables: string[]
  findings: string[]
}

// The audit log is one of them: super users read every company's entries (issue #23); admins only their own, which
// the tenant matrix checks.
const PLATFORM = /^\/api\/(companies|users|plans|helps|announcements|audit)(\/|$)/

/** True when the only field that points at B is `companyId`: a super user's list of another company. */
function onlyCompanyIdTargets(route: RouteInfo, ids: ResourceIds): boolean {
  const { companyId, companies, ...rest } = ids
  void companies
  return requestParts(route, ids).injected > 0 && requestParts(route, rest).injected === 0 && companyId !== undefined
}

export async function checkSuperIsolation(app: FastifyInstance): Promise<SuperReport> {
  const marker = newMarker()
  const b = await createCompanyWithUsers(app, { name: `Company ${marker}` })
  const superUser = await createSuper(app)
  await seedCompanyData(app, superUser.companyId, newMarker())
  const bIds = await seedCompanyData(app, b.id, marker)
  const globals = await coreGlobals(app)
  const before = await companySnapshot(app, b.id)
  const report: SuperReport = { routes: 0, attempts: 0, refused: 0, byDesign: [], successes: 0, leaks: 0, serverErrors: 0, changedTables: [], findings: [] }
  const routes = apiRoutes(app, (r) => r.config.access !== 'public').sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'))
  report.routes = routes.length
  for (const route of routes) {
    const label = `${route.method} ${route.url}`
    if (route.config.access === 'super' || PLATFORM.test(route.url) || onlyCompanyIdTargets(route, bIds)) {
      report.byDesign.push(label)
      continue
    }
    const resource = resourceOf(route.url)
    const params: ResourceIds = {}
    let targeted = false
    for (const p of pathParams(route.url)) {
      const own = idForParam(bIds, resource, p)
      if (own !== undefined) targeted = true
      const value = own ?? idForParam(globals, resource, p)
      if (value === undefined) report.findings.push(`${label}: no id for :${p}`)
      else params[p] = value
    }
    const parts = requestParts(route, bIds)
    const caller = await fresh(app, superUser)
    const res = await app.inject({ method: route.method as 'GET', url: fillPath(route.url, params), headers: caller.headers, payload: parts.body as object, query: parts.query })
    report.attempts++
    if (res.statusCode >= 500) {
      report.serverErrors++
      report.findings.push(`${label} as the super user -> ${res.statusCode}`)
    }
    if (showsCompany(res.body, marker, b.id)) {
      report.leaks++
      report.findings.push(`${label} as the super user -> ${res.statusCode}: the answer shows company B's data: ${res.body.slice(0, 200)}`)
    }
    if (!targeted && parts.injected === 0) continue
    const code = errorCode(res.body)
    if ([401, 403, 404].includes(res.statusCode) || (res.statusCode === 400 && code === 'ERR_VALIDATION') || res.statusCode === 415) report.refused++
    else if (res.statusCode < 300) {
      report.successes++
      report.findings.push(`${label} as the super user -> ${res.statusCode}: reached company B's resource`)
    } else if (res.statusCode < 500) report.findings.push(`${label} as the super user -> ${res.statusCode} ${code ?? ''}: expected 401/403/404`)
  }
  const after = await companySnapshot(app, b.id)
  report.changedTables = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k])
  for (const table of report.changedTables) report.findings.push(`company B's rows in "${table}" changed during the super user's calls`)
  return report
}
