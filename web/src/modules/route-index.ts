import type { RegisteredRoute } from './types.ts'

let known: readonly RegisteredRoute[] = []

/** Set once by the registry: kept apart from it so the plugin kit (sdk.ts) answers hasRoute without loading every module. */
export function setKnownRoutes(routes: readonly RegisteredRoute[]): void {
  known = routes
}

/** Whether a page exists for a path (e.g. hide "open conversation" until a tickets module registers /tickets). */
export const hasRoute = (path: string): boolean => known.some((r) => r.path === path || r.path.startsWith(`${path}/`))
