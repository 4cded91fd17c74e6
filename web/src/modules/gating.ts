import type { AccessContext, MenuEntry, RegisteredRoute, ShellModule, WebModule } from './types.ts'

/** Features switched on in a plan answer: every `use*` key whose value is true. */
export function featuresFromPlan(plan: Record<string, unknown> | null | undefined): Set<string> {
  const out = new Set<string>()
  for (const [key, value] of Object.entries(plan ?? {})) if (/^use[A-Z]/.test(key) && value === true) out.add(key)
  return out
}

export const featureAllowed = (feature: string | undefined, ctx: AccessContext): boolean =>
  !feature || ctx.features.has(feature)

const roleAllowed = (
  item: { adminOnly?: boolean; superOnly?: boolean; profiles?: Array<'admin' | 'user'> },
  ctx: AccessContext,
): boolean => {
  if (ctx.super) return true
  if (item.superOnly) return false
  if (item.adminOnly && ctx.profile !== 'admin') return false
  if (item.profiles && !item.profiles.includes(ctx.profile)) return false
  return true
}

export type RouteVerdict = 'ok' | 'feature' | 'role'

/** Whether the user may open a route; 'feature' and 'role' both end in the spec's toast and a redirect home. */
export function routeVerdict(route: RegisteredRoute, ctx: AccessContext): RouteVerdict {
  if (!featureAllowed(route.feature, ctx)) return 'feature'
  if (route.cshow && !ctx.campaignsShown) return 'feature'
  if (!roleAllowed(route, ctx)) return 'role'
  return 'ok'
}

/** '/tickets/:ticketId?' -> '/tickets': the part a menu link points at. */
export function routeBase(path: string): string {
  const i = path.search(/\/:|\/\*/)
  const base = i === -1 ? path : path.slice(0, i)
  return base === '' ? '/' : base.replace(/\/$/, '') || '/'
}

/** Routes of all modules; pass plugins before the shell's module so a plugin page replaces a core default. */
export function collectRoutes(modules: WebModule[]): RegisteredRoute[] {
  const seen = new Set<string>()
  const out: RegisteredRoute[] = []
  for (const m of modules) {
    for (const r of m.routes) {
      // the first module to claim a path keeps it, so a plugin cannot silently replace another's page
      if (seen.has(r.path)) continue
      seen.add(r.path)
      out.push({ ...r, module: m.name, feature: m.feature })
    }
  }
  return out
}

/** Merges the shell's entries with the modules' entries (same id replaces), sorted by order. */
export function mergeMenu(core: MenuEntry[], modules: WebModule[]): MenuEntry[] {
  const byId = new Map(core.map((e) => [e.id, { ...e }]))
  for (const m of modules) {
    for (const e of m.menu ?? []) {
      const placeholder = byId.get(e.id)
      byId.set(e.id, {
        ...e,
        module: m.name,
        feature: m.feature ?? placeholder?.feature,
        // A declared block wins (the admin-only dashboard sits in the main one); else the shell's entry's, else by profile.
        section: e.section ?? placeholder?.section ?? (e.adminOnly || e.superOnly ? 'admin' : 'main'),
      })
    }
  }
  return [...byId.values()].sort((a, b) => a.order - b.order)
}

export interface VisibleMenuEntry extends MenuEntry {
  disabled: boolean
}

/** What the side menu shows: entries with a page, allowed to this user and plan; disabled when overdue. */
export function visibleMenu(menu: MenuEntry[], routes: RegisteredRoute[], ctx: AccessContext): VisibleMenuEntry[] {
  const bases = new Map<string, RegisteredRoute>()
  for (const r of routes) if (!bases.has(routeBase(r.path))) bases.set(routeBase(r.path), r)
  const out: VisibleMenuEntry[] = []
  for (const entry of menu) {
    const route = bases.get(routeBase(entry.to))
    if (!route) continue
    if (!featureAllowed(entry.feature, ctx) || !roleAllowed(entry, ctx)) continue
    if (routeVerdict(route, ctx) !== 'ok') continue
    if (entry.cshow && !ctx.campaignsShown) continue
    out.push({ ...entry, disabled: ctx.overdue && !entry.allowOverdue })
  }
  return out
}

/** Modules a company may load now (their translations are fetched only for these). */
export const allowedModules = <T extends WebModule | ShellModule>(modules: T[], ctx: AccessContext): T[] =>
  modules.filter((m) => featureAllowed(m.feature, ctx))

/** Keeps well-formed modules, first of each name, and says which were dropped and why. */
export function sanitizeModules(candidates: unknown[]): { modules: WebModule[]; problems: string[] } {
  const modules: WebModule[] = []
  const problems: string[] = []
  const names = new Set<string>()
  for (const c of candidates) {
    const m = c as Partial<WebModule> | null
    if (!m || typeof m.name !== 'string' || !Array.isArray(m.routes) || typeof m.translations !== 'object') {
      problems.push(`ignored a web module without name, routes or translations: ${JSON.stringify(m?.name ?? null)}`)
      continue
    }
    if (names.has(m.name)) {
      problems.push(`ignored a second web module named ${m.name}`)
      continue
    }
    names.add(m.name)
    modules.push(m as WebModule)
  }
  return { modules, problems }
}
