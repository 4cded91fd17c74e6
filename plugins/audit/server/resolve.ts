import type { FastifyInstance } from 'fastify'
import { ruleFor, type AuditRule, type ListRead } from './catalogue.ts'
import type { AuditAction } from './kinds.ts'

/** How one write route is recorded: its rule, the action, and how its resource is read before and after. */
export interface WritePlan {
  rule: AuditRule
  action: AuditAction
  /** A GET pattern (with the /api prefix) reading the resource by the write's own params. */
  read: string | null
  list: ListRead | null
  /** A create's read: a GET pattern whose one param is the new row's id from the answer. */
  readCreated: string | null
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const endsWithParam = (pattern: string) => /\/:[A-Za-z_]\w*$/.test(pattern)

/**
 * Plans are worked out once per route from the app's route table, so a route a plugin adds is covered by the
 * rule of its prefix with no list to keep: the resource's read is the route itself as a GET (/queue/:id), or its
 * nearest parent that is one (/users/:id/sessions reads /users/:id).
 */
export function writePlanner(app: FastifyInstance): (method: string, url: string | undefined) => WritePlan | null {
  const plans = new Map<string, WritePlan | null>()
  let gets: Set<string> | null = null
  const getRoutes = () => (gets ??= new Set(app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url)))

  function plan(method: string, url: string): WritePlan | null {
    const rule = ruleFor(url.slice('/api'.length))
    if (!rule || rule.skip) return null
    if (rule.list) return { rule, action: rule.action ?? 'updated', read: null, list: { url: `/api${rule.list.url}`, pick: rule.list.pick }, readCreated: null }
    let read: string | null = rule.readAs ? `/api${rule.readAs}` : null
    for (let p = url; !read && p.length > '/api'.length; p = p.slice(0, p.lastIndexOf('/'))) {
      if (endsWithParam(p) && getRoutes().has(p)) read = p
    }
    // A POST to a collection creates; a POST under a row (/companies/:id/add-period, /invoices/:id/pay) changes it.
    const created = method === 'POST' && !url.includes('/:')
    const readCreated = created ? [...getRoutes()].find((g) => g.startsWith(`${url}/:`) && !g.slice(url.length + 2).includes('/')) ?? null : null
    const action: AuditAction = rule.action ?? (created ? 'created' : method === 'DELETE' && read === url ? 'deleted' : 'updated')
    return { rule, action, read: created ? null : read, list: null, readCreated }
  }

  return (method, url) => {
    if (!WRITES.has(method) || !url?.startsWith('/api/')) return null
    const key = `${method} ${url}`
    if (!plans.has(key)) plans.set(key, plan(method, url))
    return plans.get(key)!
  }
}

/** A pattern with its params filled in; null when one is missing. */
export function fill(pattern: string, params: Record<string, unknown>): string | null {
  let missing = false
  const url = pattern.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const v = params[name]
    if (v === undefined || v === null || v === '') missing = true
    return encodeURIComponent(String(v))
  })
  return missing ? null : url
}
