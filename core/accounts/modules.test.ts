import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { SPEC_FEATURES } from '../features/catalog.ts'

type Headers = { authorization: string }
const call = (app: FastifyInstance, method: 'GET' | 'PUT', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })
type Module = { feature: string; label: { pt: string; en: string; es: string }; inPlan: boolean; enabled: boolean }
const byFeature = (list: Module[]) => Object.fromEntries(list.map((m) => [m.feature, m]))

/** The app with the spec's modules that have no plugin yet provided, as their plugins will (the loader declares them). */
async function withAllModules(t: Parameters<typeof build>[0]) {
  const app = await build(t)
  for (const f of SPEC_FEATURES) app.features.declare(f.feature, f.label)
  return app
}

/** A route gated on a feature, as a plugin would declare it (added before the app is ready). */
async function withGatedRoute(t: Parameters<typeof build>[0]) {
  const app = await withAllModules(t)
  app.get('/api/test-kanban-board', { config: { feature: 'useKanban' } }, async () => ({ ok: true }))
  return app
}

t.test('GET /modules lists only the modules an installed plugin provides, with labels, inPlan and enabled', async (t) => {
  const bundled = await build(t)
  const a = await createCompanyWithUsers(bundled)
  const installed: Module[] = (await call(bundled, 'GET', '/modules', a.admin.headers)).json()
  // Bundled plugins come and go (each new one adds its feature): the expectation is what the loaded plugins declare.
  const provided = [...new Set(bundled.plugins.flatMap((p) => (p.feature ? [p.feature] : [])))].sort()
  t.ok(provided.includes('useCampaigns') && provided.includes('useKanban'), `the bundled plugins provide at least Campaigns and Kanban (${provided.join(', ')})`)
  t.same(installed.map((m) => m.feature).sort(), provided, 'a switch for each module an installed plugin provides, none for one that does not exist yet')
  // Every spec module has its bundled plugin now: one left out of an install is the absent one.
  const without = await build(t, { config: { disabledPlugins: ['schedules'] } })
  const w = await createCompanyWithUsers(without)
  t.notOk((await call(without, 'GET', '/modules', w.admin.headers)).json().some((m: Module) => m.feature === 'useSchedules'), 'no switch for a module no installed plugin provides')
  t.equal((await call(without, 'PUT', '/modules/useSchedules', w.admin.headers, { enabled: false })).json().error, 'ERR_NO_MODULE_FOUND', 'nor can one be switched')
  const off = await call(bundled, 'PUT', '/modules/useCampaigns', a.admin.headers, { enabled: false })
  t.match(off.json(), { feature: 'useCampaigns', enabled: false })
  const settings = (await call(bundled, 'GET', '/settings', a.admin.headers)).json() as Array<{ key: string; value: string }>
  t.equal(settings.find((s) => s.key === 'campaignsEnabled')?.value, 'false', 'the campaigns switch is the spec\'s campaignsEnabled setting')
  await call(bundled, 'PUT', '/settings/campaignsEnabled', a.admin.headers, { key: 'campaignsEnabled', value: 'true' })
  t.match((await call(bundled, 'GET', '/modules', a.admin.headers)).json().find((m: Module) => m.feature === 'useCampaigns'), { enabled: true }, 'and the setting moves the switch')

  const app = await withAllModules(t)
  const pro = await createCompanyWithUsers(app)
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })
  const res = await call(app, 'GET', '/modules', pro.admin.headers)
  t.equal(res.statusCode, 200)
  const list: Module[] = res.json()
  t.same(list.map((m) => m.feature).sort(), SPEC_FEATURES.map((f) => f.feature).sort())
  t.ok(list.every((m) => m.inPlan && m.enabled), 'PRO: every module in the plan and on')
  t.same(byFeature(list).useKanban.label, { pt: 'Kanban', en: 'Kanban', es: 'Kanban' })
  const b = byFeature((await call(app, 'GET', '/modules', basic.admin.headers)).json())
  t.same(Object.values(b).filter((m) => m.inPlan).map((m) => m.feature).sort(), ['useInternalChat', 'useSchedules'])
  t.same(b.useCampaigns, { ...b.useCampaigns, inPlan: false, enabled: false }, 'outside the plan: neither')
  t.equal((await call(app, 'GET', '/modules', pro.user.headers)).statusCode, 403, 'admins only')
  const catalog = await call(app, 'GET', '/modules/catalog', pro.user.headers)
  t.equal(catalog.statusCode, 200)
  t.equal(catalog.json().length, SPEC_FEATURES.length)
})

t.test('switching a module off: listPlan reads false, the auth context loses it, gated routes refuse; on again restores', async (t) => {
  const app = await withGatedRoute(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const events: unknown[] = []
  app.events.on('modules.updated', (p) => { events.push(p) })
  t.equal((await call(app, 'GET', '/test-kanban-board', c.user.headers)).statusCode, 200)

  const off = await call(app, 'PUT', '/modules/useKanban', c.admin.headers, { enabled: false })
  t.equal(off.statusCode, 200)
  t.match(off.json(), { feature: 'useKanban', inPlan: true, enabled: false })
  t.equal(byFeature((await call(app, 'GET', '/modules', c.admin.headers)).json()).useKanban.enabled, false)
  t.equal((await call(app, 'GET', `/companies/listPlan/${c.id}`, c.user.headers)).json().plan.useKanban, false)
  const me = (await call(app, 'GET', '/auth/me', c.user.headers)).json()
  t.notOk(me.features.includes('useKanban'), 'the auth context lost it')
  t.ok(me.features.includes('useCampaigns'))
  const gated = await call(app, 'GET', '/test-kanban-board', c.user.headers)
  t.equal(gated.statusCode, 403, 'the server enforces it, not just the UI')
  t.equal(gated.json().error, 'ERR_FEATURE_DISABLED')
  t.equal((await call(app, 'GET', '/test-kanban-board', other.user.headers)).statusCode, 200, 'other companies keep it')
  await app.events.idle()
  t.same(events, [{ companyId: c.id, feature: 'useKanban', enabled: false }])

  const again = await call(app, 'PUT', '/modules/useKanban', c.admin.headers, { enabled: false })
  t.equal(again.json().enabled, false, 'switching off twice is fine')
  const on = await call(app, 'PUT', '/modules/useKanban', c.admin.headers, { enabled: true })
  t.match(on.json(), { inPlan: true, enabled: true })
  t.equal((await call(app, 'GET', `/companies/listPlan/${c.id}`, c.user.headers)).json().plan.useKanban, true)
  t.equal((await call(app, 'GET', '/test-kanban-board', c.user.headers)).statusCode, 200)
})

t.test('a feature outside the plan cannot be switched on; only admins switch; unknown features are 404', async (t) => {
  const app = await withGatedRoute(t)
  const c = await createCompanyWithUsers(app, { planName: 'Básico' })
  const res = await call(app, 'PUT', '/modules/useKanban', c.admin.headers, { enabled: true })
  t.equal(res.statusCode, 403)
  t.equal(res.json().error, 'ERR_MODULE_NOT_IN_PLAN')
  t.equal((await call(app, 'GET', `/companies/listPlan/${c.id}`, c.admin.headers)).json().plan.useKanban, false)
  t.equal((await call(app, 'GET', '/test-kanban-board', c.admin.headers)).statusCode, 403)
  t.equal((await call(app, 'PUT', '/modules/useKanban', c.admin.headers, { enabled: false })).json().enabled, false, 'off is always allowed')

  const user = await call(app, 'PUT', '/modules/useSchedules', c.user.headers, { enabled: false })
  t.equal(user.statusCode, 403)
  t.equal(byFeature((await call(app, 'GET', '/modules', c.admin.headers)).json()).useSchedules.enabled, true, 'unchanged')
  const unknown = await call(app, 'PUT', '/modules/useTeleport', c.admin.headers, { enabled: false })
  t.equal(unknown.statusCode, 404)
  t.equal(unknown.json().error, 'ERR_NO_MODULE_FOUND')
  t.equal((await call(app, 'PUT', '/modules/kanban', c.admin.headers, { enabled: false })).statusCode, 400)
  t.equal((await call(app, 'PUT', '/modules/useSchedules', c.admin.headers, { enabled: 'no' })).statusCode, 400)
})

t.test('a switched-off module stays off when the plan changes, and the plan switch wins over the module', async (t) => {
  const app = await withAllModules(t)
  const c = await createCompanyWithUsers(app)
  await call(app, 'PUT', '/modules/useOpenAi', c.admin.headers, { enabled: false })
  const basic = await app.knex('plans').where({ name: 'Básico' }).first('id')
  await app.knex('companies').where({ id: c.id }).update({ planId: basic.id })
  const mods = byFeature((await call(app, 'GET', '/modules', c.admin.headers)).json())
  t.match(mods.useOpenAi, { inPlan: false, enabled: false })
  t.match(mods.useSchedules, { inPlan: true, enabled: true })
  const pro = await app.knex('plans').where({ name: 'PRO' }).first('id')
  await app.knex('companies').where({ id: c.id }).update({ planId: pro.id })
  t.match(byFeature((await call(app, 'GET', '/modules', c.admin.headers)).json()).useOpenAi, { inPlan: true, enabled: false }, 'the admin\'s choice is kept')
})
