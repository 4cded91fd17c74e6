/**
 * checkTenantIsolation: proves that company A's admin and agent can neither read nor change company B's data
 * through ANY registered route. Companies A and B get the core's and every plugin's sample data (`tenantFixtures`,
 * naming convention in tenant-data.ts); B's rows carry a unique marker. Then, for every route:
 *   - routes with path params are called with B's ids (and B's ids in body/query fields the convention names):
 *     the answer must be 401/403/404 (400 ERR_VALIDATION / 415 only when the schema or content type refuses the
 *     body); a 2xx is a breach;
 *   - routes without path params (lists, creates) are called plainly and with B's ids injected in fields;
 *   - no answer may contain B's marker or a `companyId` equal to B's id;
 *   - super-only routes must answer 403, admin-only routes 403 to the agent;
 *   - controls: each GET with params, called by B's own admin (or the super user), must succeed, or the ids were
 *     wrong and the check above proved nothing;
 *   - at the end B's rows (every table with a companyId) must be exactly as before: write leaks show only there.
 * Usage (plugins add their routes by simply being loaded in the app):
 *   const app = await build(t); const report = await checkTenantIsolation(t, app)
 */
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import { apiRoutes, fillPath, pathParams, resourceOf, type RouteInfo } from './routes.ts'
import { companySnapshot, coreGlobals, fresh, idForParam, newMarker, requestParts, seedCompanyData, type ResourceIds } from './tenant-data.ts'
import { createCompanyWithUsers, createSuper, type TestUser } from './fixtures.ts'

export interface IsolationOptions {
  /** Which routes to check (default: every API route of the app). */
  filter?: (route: RouteInfo) => boolean
  /** Platform-wide resources named by params (see tenant-data.ts), added to the core's plans/helps/settings keys. */
  globals?: ResourceIds
  /** Fail `t` on any finding (default). `false` only returns the report (for the helper's own self-test). */
  assert?: boolean
}

export interface IsolationReport {
  routes: number
  /** Requests made by company A's callers. */
  attempts: number
  /** Refused with 401/403/404, or by the body schema / content type (400 ERR_VALIDATION, 415). */
  refused: number
  refusedBySchema: number
  /** 2xx answers where a refusal was due: each is a breach. */
  successes: number
  /** Answers showing B's marker or B's companyId. */
  leaks: number
  /** Answers neither refused nor allowed (5xx, or e.g. 409 where 404 was due). */
  unexpected: number
  controls: number
  controlsReached: number
  /** Tables of B whose rows changed. */
  changedTables: string[]
  findings: string[]
}

/** The part of a tap test the helpers use. */
type Tap = Pick<Test, 'comment' | 'equal' | 'strictSame'>

const isSuccess = (status: number) => status >= 200 && status < 300

/** The `error` code of a JSON error answer, if it is one. */
export function errorCode(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { error?: unknown } | null)?.error
    return typeof code === 'string' ? code : undefined
  } catch {
    return undefined
  }
}

/** True when the answer shows B's data: its marker anywhere, or a companyId field equal to B's id. */
export function showsCompany(text: string, marker: string, companyId: number): boolean {
  if (text.includes(marker)) return true
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return false
  }
  const walk = (v: unknown): boolean => {
    if (Array.isArray(v)) return v.some(walk)
    if (!v || typeof v !== 'object') return false
    return Object.entries(v).some(([k, x]) => (k === 'companyId' && x === companyId) || walk(x))
  }
  return walk(json)
}

/** What a route owes a caller of company A: 'forbid' (403 only), 'refuse' (401/403/404/400) or 'any' (own data). */
function owed(route: RouteInfo, role: 'admin' | 'user', targeted: boolean): 'forbid' | 'refuse' | 'any' {
  const access = route.config.access ?? 'user'
  if (access === 'public') return 'any'
  if (access === 'super' || (access === 'admin' && role === 'user')) return 'forbid'
  return targeted ? 'refuse' : 'any'
}

type Verdict = 'ok' | 'refused' | 'refusedBySchema' | 'success' | 'unexpected'

/** Judges one answer against what the route owes the caller. */
function judge(due: ReturnType<typeof owed>, status: number, code: string | undefined): Verdict {
  if (status >= 500) return 'unexpected'
  if (due === 'any') return 'ok'
  if (isSuccess(status)) return 'success'
  if (due === 'forbid') return status === 403 ? 'refused' : 'unexpected'
  if ([401, 403, 404].includes(status)) return 'refused'
  // An upload route may refuse the missing multipart body (415) before it looks at the id: still a refusal.
  if ((status === 400 && code === 'ERR_VALIDATION') || status === 415) return 'refusedBySchema'
  return 'unexpected'
}

export async function checkTenantIsolation(t: Tap, app: FastifyInstance, opts: IsolationOptions = {}): Promise<IsolationReport> {
  const started = Date.now()
  const a = await createCompanyWithUsers(app)
  const bMarker = newMarker()
  const b = await createCompanyWithUsers(app, { name: `Company ${bMarker}` })
  const superUser = await createSuper(app)
  await seedCompanyData(app, a.id, newMarker()) // A has data too, so its lists are not trivially empty
  const bIds = await seedCompanyData(app, b.id, bMarker)
  const globals = { ...(await coreGlobals(app)), ...opts.globals }
  const before = await companySnapshot(app, b.id)

  // Deletes last, so a refusal that fails to happen cannot take away data the later checks read.
  const routes = apiRoutes(app, opts.filter).sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'))
  const report: IsolationReport = { routes: routes.length, attempts: 0, refused: 0, refusedBySchema: 0, successes: 0, leaks: 0, unexpected: 0, controls: 0, controlsReached: 0, changedTables: [], findings: [] }
  const call = async (route: RouteInfo, who: TestUser, params: ResourceIds, parts: ReturnType<typeof requestParts>) => {
    const caller = await fresh(app, who)
    return app.inject({ method: route.method as 'GET', url: fillPath(route.url, params), headers: caller.headers, payload: parts.body as object, query: parts.query })
  }

  for (const route of routes) {
    const label = `${route.method} ${route.url}`
    const resource = resourceOf(route.url)
    const params: ResourceIds = {}
    let targeted = false
    const missing = pathParams(route.url).filter((p) => {
      const own = idForParam(bIds, resource, p)
      const global = idForParam(globals, resource, p)
      if (own !== undefined) targeted = true
      if (own !== undefined || global !== undefined) params[p] = (own ?? global)!
      return own === undefined && global === undefined
    })
    if (missing.length) {
      report.findings.push(`${label}: no id for :${missing.join(', :')}; add it to the plugin's tenantFixtures (or opts.globals)`)
      continue
    }
    // Plain, and with B's ids in the fields that name them (when there are such fields and no param already
    // targets B). Sampled again for every call: unique names and emails, so no call fails only as a duplicate.
    const variants = targeted || requestParts(route, bIds).injected === 0 ? [bIds] : [undefined, bIds]
    for (const [role, who] of [['admin', a.admin], ['user', a.user]] as const) {
      for (const ids of variants) {
        const parts = requestParts(route, ids)
        const res = await call(route, who, params, parts)
        report.attempts++
        const as = `${label} as A's ${role} -> ${res.statusCode}`
        if (showsCompany(res.body, bMarker, b.id)) {
          report.leaks++
          report.findings.push(`${as}: the answer shows company B's data: ${res.body.slice(0, 200)}`)
        }
        const due = owed(route, role, targeted || parts.injected > 0)
        const verdict = judge(due, res.statusCode, errorCode(res.body))
        if (verdict === 'refusedBySchema') report.refusedBySchema++
        if (verdict === 'refused' || verdict === 'refusedBySchema') report.refused++
        if (verdict === 'success') {
          report.successes++
          report.findings.push(`${as}: ${due === 'forbid' ? 'a route it may not call' : 'reached company B\'s resource'}`)
        }
        if (verdict === 'unexpected') {
          report.unexpected++
          report.findings.push(`${as} ${errorCode(res.body) ?? ''}: expected ${due === 'forbid' ? '403' : due === 'refuse' ? '401/403/404' : 'no server error'}`)
        }
      }
    }
  }

  for (const route of routes.filter((r) => r.method === 'GET' && pathParams(r.url).length)) {
    const resource = resourceOf(route.url)
    const params = Object.fromEntries(pathParams(route.url).map((p) => [p, idForParam(bIds, resource, p) ?? idForParam(globals, resource, p)]))
    if (Object.values(params).some((v) => v === undefined)) continue
    report.controls++
    const res = await call(route, route.config.access === 'super' ? superUser : b.admin, params as ResourceIds, requestParts(route, bIds))
    if (isSuccess(res.statusCode)) report.controlsReached++
    else report.findings.push(`control ${route.method} ${route.url} by B's own ${route.config.access === 'super' ? 'super user' : 'admin'} -> ${res.statusCode}: the ids used are probably wrong, so this route's check proved nothing`)
  }

  const after = await companySnapshot(app, b.id)
  report.changedTables = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k])
  for (const table of report.changedTables) report.findings.push(`company B's rows in "${table}" changed during A's calls`)

  t.comment(`tenant isolation: ${report.routes} routes, ${report.attempts} attempts by company A, ${report.successes} successes, ${report.leaks} leaks, ` +
    `${report.refused} refused (${report.refusedBySchema} by schema), ${report.unexpected} unexpected, controls ${report.controlsReached}/${report.controls}, ` +
    `B tables changed ${report.changedTables.length}, ${Date.now() - started} ms`)
  if (opts.assert !== false) {
    t.equal(report.successes, 0, 'no call of company A succeeds on company B\'s resources')
    t.equal(report.leaks, 0, 'no answer to company A shows company B\'s data')
    t.strictSame(report.findings, [], 'no isolation findings')
  }
  return report
}
