import type { RouteOptions, FastifySchema } from 'fastify'

/**
 * The route table of an app, so tests can walk every route (cross-tenant checks, hostile input) without a list
 * that goes stale. Fastify only exposes `hasRoute`/`printRoutes`, so buildApp installs this collector's `onRoute`
 * hook before any route exists and decorates `app.routeTable` with what it gathers.
 */
export interface RouteInfo {
  method: string
  /** Full path with the prefix, e.g. `/api/users/:id`. */
  url: string
  schema?: FastifySchema
  config: NonNullable<RouteOptions['config']>
  websocket: boolean
}

export function routeCollector(): { hook: (routeOptions: RouteOptions) => void; routes: RouteInfo[] } {
  const routes: RouteInfo[] = []
  const hook = (opts: RouteOptions) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method]
    for (const method of methods) {
      // fastify adds a HEAD twin to every GET; it answers like the GET, so testing it again adds nothing.
      if (method === 'HEAD') continue
      // Getters, not copies: encapsulated onRoute hooks that run after this one (the loader stamps a plugin's
      // feature into `config`) replace these objects, and the table must show what the route really runs with.
      routes.push({
        method,
        url: opts.url,
        get schema() { return opts.schema },
        get config() { return (opts.config ?? {}) as RouteInfo['config'] },
        websocket: Boolean((opts as { websocket?: boolean }).websocket),
      })
    }
  }
  return { hook, routes }
}
