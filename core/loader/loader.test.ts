import t from 'tap'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { stamped } from '../testing/fixtures/third-party/hello-plugin/plugin.ts'
import { HELLO_PLUGIN, NO_PLUGINS_DIR, withHelloPlugin } from '../testing/fixtures/third-party/paths.ts'
import type { LoadedPlugin } from '../plugin-api/types.ts'
import { discoverPlugins, PluginManifestError } from './discover.ts'
import { orderByDependencies } from './order.ts'

const fixtures = (name: string) => fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url))

async function waitFor(what: string, condition: () => boolean, ms = 5000): Promise<void> {
  for (const until = Date.now() + ms; !condition(); await sleep(10)) if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
}

t.test('a third-party plugin outside plugins/ loads by path: migration, scoped routes, job, event subscription', async (t) => {
  const app = await build(t, withHelloPlugin)
  t.same(app.plugins.map((p) => [p.name, p.source]), [['hello', HELLO_PLUGIN]])
  t.ok(await app.knex.schema.hasTable('hello_notes'), 'its migration ran')
  t.same(await app.knex('knex_migrations_hello').pluck('name'), ['20261201000001_hello_notes'], 'tracked in its own table')

  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const created = await app.inject({ method: 'POST', url: '/api/hello-notes', headers: a.user.headers, payload: { text: 'hi' } })
  t.equal(created.statusCode, 201)
  const note = created.json()
  t.match(note, { companyId: a.id, text: 'hi' })
  const list = (c: typeof a) => app.inject({ method: 'GET', url: '/api/hello-notes', headers: c.user.headers })
  t.same((await list(a)).json(), [note])
  t.same((await list(b)).json(), [], 'company B sees none of company A\'s notes')

  const invalid = await app.inject({ method: 'POST', url: '/api/hello-notes', headers: a.user.headers, payload: { text: '' } })
  t.equal(invalid.statusCode, 400, 'its TypeBox body schema is enforced')
  t.equal(invalid.json().error, 'ERR_VALIDATION')
  t.equal((await app.inject({ method: 'GET', url: '/api/hello-notes' })).statusCode, 401, 'its routes need a session')

  await waitFor('the stamp job', () => stamped.some((s) => s.noteId === note.id && s.companyId === a.id))

  app.events.emit('company.created', { companyId: b.id })
  await app.events.idle()
  t.match((await list(b)).json(), [{ companyId: b.id, text: 'Welcome' }], 'its company.created handler ran')

  const doc = app.swagger() as { paths: Record<string, { get?: { tags?: string[] } }> }
  t.same(doc.paths['/api/hello-notes']?.get?.tags, ['hello'], 'its routes are tagged with the plugin in the OpenAPI document')
})

t.test('the plugin\'s feature joins the catalog, the plans and the module list', async (t) => {
  const app = await build(t, withHelloPlugin)
  const pro = await createCompanyWithUsers(app)
  const basic = await createCompanyWithUsers(app, { planName: 'Básico' })

  const catalog = await app.inject({ method: 'GET', url: '/api/modules/catalog', headers: pro.user.headers })
  t.equal(catalog.statusCode, 200)
  t.same(catalog.json().find((f: { feature: string }) => f.feature === 'useHello'), { feature: 'useHello', label: { pt: 'Olá', en: 'Hello', es: 'Hola' } })

  const planOf = async (c: typeof pro) => (await app.inject({ method: 'GET', url: `/api/companies/listPlan/${c.id}`, headers: c.admin.headers })).json().plan
  t.equal((await planOf(pro)).useHello, true, 'PRO has every feature, the plugin\'s too')
  t.equal((await planOf(basic)).useHello, false)
  t.equal((await planOf(basic)).useSchedules, true, 'the spec flags are still there')

  const plans = (await app.inject({ method: 'GET', url: '/api/plans/list' })).json() as Array<Record<string, unknown>>
  t.same(plans.map((p) => [p.name, p.useHello]), [['Básico', false], ['PRO', true]])

  const modules = await app.inject({ method: 'GET', url: '/api/modules', headers: pro.admin.headers })
  t.same(modules.json().find((m: { feature: string }) => m.feature === 'useHello'), { feature: 'useHello', label: { pt: 'Olá', en: 'Hello', es: 'Hola' }, inPlan: true, enabled: true })
})

const plugin = (name: string, ...dependencies: string[]): LoadedPlugin => ({ name, version: '1.0.0', dependencies, source: `plugins/${name}` })
const orderError = (message: string) => ({ name: 'PluginOrderError', message })
const names = (list: LoadedPlugin[]) => list.map((p) => p.name)

t.test('orderByDependencies puts every plugin after its dependencies, the same way whatever the input order', async (t) => {
  const input = [plugin('kanban', 'tickets', 'tags'), plugin('tickets', 'contacts'), plugin('tags'), plugin('contacts'), plugin('campaigns', 'contacts')]
  const ordered = names(orderByDependencies(input))
  t.same([...ordered].sort(), names(input).sort(), 'every plugin once')
  for (const p of input) for (const dep of p.dependencies!) t.ok(ordered.indexOf(dep) < ordered.indexOf(p.name), `${dep} before ${p.name}`)
  t.same(names(orderByDependencies([...input].reverse())), ordered, 'deterministic')
  t.same(ordered, ['contacts', 'campaigns', 'tickets', 'tags', 'kanban'])
})

t.test('independent plugins come in code-unit order of their names, whatever the locale (localeCompare puts "a" before "B")', async (t) => {
  t.same(names(orderByDependencies([plugin('b'), plugin('a'), plugin('B'), plugin('a-b'), plugin('ab')])), ['B', 'a', 'a-b', 'ab', 'b'])
})

t.test('orderByDependencies names a missing dependency', async (t) => {
  t.throws(() => orderByDependencies([plugin('kanban', 'tickets'), plugin('tags')]), orderError('Plugin "kanban" depends on "tickets", which is not installed or is disabled'))
})

t.test('orderByDependencies names the cycle', async (t) => {
  t.throws(() => orderByDependencies([plugin('a', 'b'), plugin('b', 'c'), plugin('c', 'a'), plugin('d')]), orderError('Circular plugin dependency: a -> b -> c -> a'))
  t.throws(() => orderByDependencies([plugin('selfish', 'selfish')]), orderError('Circular plugin dependency: selfish -> selfish'))
})

t.test('discoverPlugins validates manifests and names the plugin and the field', async (t) => {
  const discover = (dir: string, packages: string[] = [], disabled: string[] = []) => discoverPlugins({ dir: fixtures(dir), packages, disabled })
  const badName = await discover('bad-name').catch((err: Error) => err)
  t.ok(badName instanceof PluginManifestError)
  t.match(badName, { name: 'PluginManifestError', message: /^Plugin at plugins\/shouting has an invalid manifest: \/name / })
  await t.rejects(discover('bad-feature'), { message: /^Plugin at plugins\/gadget has an invalid manifest: \/feature / })
  await t.rejects(discover('bad-label'), { message: /^Plugin at plugins\/gadget has an invalid manifest: \/featureLabel/ })
  await t.rejects(discover('duplicate'), { message: 'Two plugins are named "twin" (plugins/two)' })
  await t.rejects(discoverPlugins({ dir: NO_PLUGINS_DIR, packages: ['zapdesk-plugin-does-not-exist'], disabled: [] }), { message: /^Plugin "zapdesk-plugin-does-not-exist" cannot be found/ })
  t.same(names(orderByDependencies(await discover('ordered'))), ['gamma', 'beta', 'alpha'], 'discovered, then ordered')
})

t.test('discoverPlugins loads a package folder by relative path and leaves out disabled plugins', async (t) => {
  const relative = `./${path.relative(process.cwd(), HELLO_PLUGIN)}`
  const found = await discoverPlugins({ dir: fixtures('ordered'), packages: [relative], disabled: ['alpha'] })
  t.same(names(found), ['beta', 'gamma', 'hello'])
  t.equal(found.find((p) => p.name === 'hello')?.source, relative)
  const withoutGamma = await discoverPlugins({ dir: fixtures('ordered'), packages: [], disabled: ['gamma'] })
  t.throws(() => orderByDependencies(withoutGamma), { message: 'Plugin "beta" depends on "gamma", which is not installed or is disabled' })
})
