import type { FastifyInstance } from 'fastify'
import type { RouteInfo } from '../http/route-table.ts'

export type { RouteInfo } from '../http/route-table.ts'

/**
 * The HTTP API routes worth testing: under `/api`, without the OpenAPI UI (static files from a dependency) and
 * without websocket upgrades (inject cannot speak them; the realtime tests cover the socket).
 */
export function apiRoutes(app: FastifyInstance, filter: (r: RouteInfo) => boolean = () => true): RouteInfo[] {
  const table = (app as FastifyInstance & { routeTable?: RouteInfo[] }).routeTable
  if (!table) throw new Error('app.routeTable is missing: buildApp must install routeCollector() (core/http/route-table.ts)')
  const seen = new Set<string>()
  return table.filter((r) => {
    const key = `${r.method} ${r.url}`
    if (seen.has(key) || !r.url.startsWith('/api/') || r.url.startsWith('/api/docs') || r.websocket || r.url.includes('*')) return false
    seen.add(key)
    return filter(r)
  })
}

/**
 * The JSON body schema of a route: `schema.body`, or its `application/json` entry when the body is declared per
 * content type (`body: { content: { 'application/json': { schema } } }`, routes that also take multipart).
 */
export function bodySchema(route: RouteInfo): Record<string, unknown> | undefined {
  const body = (route.schema as { body?: Record<string, unknown> } | undefined)?.body
  const content = body?.content as Record<string, { schema?: Record<string, unknown> }> | undefined
  if (content && typeof content === 'object' && !('type' in body!)) return content['application/json']?.schema
  return body
}

/** Whether a route takes multipart/form-data uploads (`schema.consumes`). */
export function takesMultipart(route: RouteInfo): boolean {
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes
  return Array.isArray(consumes) && consumes.includes('multipart/form-data')
}

/** Path parameter names of a route, in order: `/api/companies/:id/schedules` -> ['id']. */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1])
}

/** The resource a route belongs to: its first segment after /api (`/api/quick-messages/:id` -> 'quick-messages'). */
export function resourceOf(url: string): string {
  return url.replace(/^\/api\//, '').split('/')[0]
}

/** Fills a route's path params (values are URL-encoded unless `raw`). */
export function fillPath(url: string, values: Record<string, string | number>, raw = false): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => (raw ? String(values[name]) : encodeURIComponent(String(values[name]))))
}
