import t from 'tap'
import {
  featuresFromPlan, routeVerdict, routeBase, collectRoutes, mergeMenu, visibleMenu, sanitizeModules, allowedModules,
} from './gating.ts'
import { CORE_MENU } from './core-menu.ts'
import type { AccessContext, WebModule } from './types.ts'

const page = async () => ({ default: () => null })
const translations = { pt: async () => ({ default: {} }), en: async () => ({ default: {} }), es: async () => ({ default: {} }) }

const kanban: WebModule = {
  name: 'kanban',
  feature: 'useKanban',
  routes: [{ path: '/kanban', lazy: page }],
  menu: [{ id: 'kanban', labelKey: 'kanban:menu', icon: 'column-layout', to: '/kanban', order: 30 }],
  translations,
}
const tickets: WebModule = {
  name: 'tickets',
  routes: [{ path: '/tickets/:ticketId?', lazy: page }],
  menu: [{ id: 'tickets', labelKey: 'tickets:menu', icon: 'chat', to: '/tickets', order: 20 }],
  translations,
}
const finance: WebModule = {
  name: 'billing',
  routes: [{ path: '/financeiro', lazy: page, profiles: ['admin'] }],
  menu: [{ id: 'finance', labelKey: 'billing:menu', icon: 'dollar', to: '/financeiro', order: 210, adminOnly: true, allowOverdue: true }],
  translations,
}
const campaigns: WebModule = {
  name: 'campaigns',
  feature: 'useCampaigns',
  routes: [{ path: '/campaigns', lazy: page, cshow: true }, { path: '/campaign/:campaignId/report', lazy: page, cshow: true }],
  menu: [{ id: 'campaigns', labelKey: 'campaigns:menu', icon: 'send-message', to: '/campaigns', order: 110, adminOnly: true, cshow: true }],
  translations,
}
const dashboardModule: WebModule = {
  name: 'dashboard',
  routes: [{ path: '/', lazy: page, profiles: ['admin'] }],
  menu: [{ id: 'dashboard', labelKey: 'dashboard:menu', icon: 'dashboard', to: '/', order: 10, adminOnly: true, section: 'main' }],
  translations,
}
const core: WebModule = {
  name: 'core',
  routes: [
    { path: '/', lazy: page },
    { path: '/users', lazy: page, profiles: ['admin'] },
    { path: '/settings', lazy: page, profiles: ['admin'] },
    { path: '/helps', lazy: page },
    { path: '/todolist', lazy: page },
  ],
  translations,
}

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
  profile: 'admin',
  super: false,
  features: new Set(['useKanban', 'useCampaigns']),
  overdue: false,
  campaignsShown: true,
  ...over,
})

const all = [dashboardModule, kanban, tickets, finance, campaigns, core]
const routes = collectRoutes(all)
const menu = mergeMenu(CORE_MENU, all)
const ids = (c: AccessContext) => visibleMenu(menu, routes, c).map((e) => e.id)

t.test('plan flags become features', async (t) => {
  t.same([...featuresFromPlan({ useKanban: true, useOpenAi: false, users: 3, user: true, usefulThing: true })], ['useKanban'])
  t.same([...featuresFromPlan(null)], [])
})

t.test('route base', async (t) => {
  t.equal(routeBase('/tickets/:ticketId?'), '/tickets')
  t.equal(routeBase('/resetpsw/:hash?/:email?'), '/resetpsw')
  t.equal(routeBase('/'), '/')
  t.equal(routeBase('/contact-lists/:id/contacts'), '/contact-lists')
})

t.test('menu shows only entries with a page, in spec order, merged with modules', async (t) => {
  t.same(ids(ctx()), ['dashboard', 'tickets', 'kanban', 'todolist', 'helps', 'campaigns', 'users', 'settings', 'finance'])
  const entry = menu.find((e) => e.id === 'kanban')
  t.equal(entry?.labelKey, 'kanban:menu', 'the module\'s own entry')
  t.equal(entry?.feature, 'useKanban')
})

t.test('plan features and module switches hide entries', async (t) => {
  t.notOk(ids(ctx({ features: new Set() })).includes('kanban'))
  t.notOk(ids(ctx({ features: new Set() })).includes('campaigns'))
})

t.test('entries and routes declared cshow need the flag', async (t) => {
  t.notOk(ids(ctx({ campaignsShown: false })).includes('campaigns'))
  t.equal(routeVerdict(routes.find((r) => r.path === '/campaign/:campaignId/report')!, ctx({ campaignsShown: false })), 'feature')
})

t.test('roles hide admin and super entries', async (t) => {
  t.same(ids(ctx({ profile: 'user' })), ['tickets', 'kanban', 'todolist', 'helps'])
  const announcements: WebModule = {
    name: 'announcements',
    routes: [{ path: '/announcements', lazy: page, superOnly: true }],
    menu: [{ id: 'announcements', labelKey: 'announcements:menu', icon: 'notifications', to: '/announcements', order: 120, superOnly: true }],
    translations,
  }
  const r = collectRoutes([announcements, ...all])
  const m = mergeMenu(CORE_MENU, [announcements, ...all])
  t.notOk(visibleMenu(m, r, ctx()).some((e) => e.id === 'announcements'))
  t.ok(visibleMenu(m, r, ctx({ super: true })).some((e) => e.id === 'announcements'))
})

t.test('overdue disables everything but the entries declared allowOverdue', async (t) => {
  const entries = visibleMenu(menu, routes, ctx({ overdue: true }))
  t.same(entries.filter((e) => !e.disabled).map((e) => e.id), ['finance'])
})

t.test('route verdicts', async (t) => {
  const byPath = (p: string) => routes.find((r) => r.path === p)!
  t.equal(routeVerdict(byPath('/kanban'), ctx()), 'ok')
  t.equal(routeVerdict(byPath('/kanban'), ctx({ features: new Set() })), 'feature')
  t.equal(routeVerdict(byPath('/users'), ctx({ profile: 'user' })), 'role')
  t.equal(routeVerdict(byPath('/users'), ctx({ profile: 'user', super: true })), 'ok')
  t.equal(routeVerdict(byPath('/helps'), ctx({ profile: 'user' })), 'ok')
})

t.test('a plugin page replaces a core default at the same path', async (t) => {
  const dashboard: WebModule = { name: 'dashboard', routes: [{ path: '/', lazy: page, profiles: ['admin'] }], translations }
  const r = collectRoutes([dashboard, core])
  t.equal(r.find((x) => x.path === '/')?.module, 'dashboard')
})

t.test('allowed modules and sanitizing', async (t) => {
  t.same(allowedModules(all, ctx({ features: new Set() })).map((m) => m.name), ['dashboard', 'tickets', 'billing', 'core'])
  const { modules, problems } = sanitizeModules([kanban, { name: 'kanban', routes: [], translations }, null, { routes: [] }])
  t.same(modules.map((m) => m.name), ['kanban'])
  t.equal(problems.length, 3)
})

t.test('an entry\'s declared block wins: the admin-only dashboard stays above the admin heading', async (t) => {
  const dashboard = dashboardModule
  const extra: WebModule = { name: 'extra', routes: [{ path: '/extra', lazy: page }], menu: [{ id: 'extra', labelKey: 'extra:menu', icon: 'cog', to: '/extra', order: 300, adminOnly: true }], translations }
  const m = mergeMenu(CORE_MENU, [dashboard, extra])
  t.equal(m.find((e) => e.id === 'dashboard')?.section, 'main')
  t.equal(m.find((e) => e.id === 'extra')?.section, 'admin', 'a new admin-only entry joins the admin block')
})
