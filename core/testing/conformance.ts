import path from 'node:path'
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Test } from 'tap'
import { build } from './build.ts'
import { checkTenantIsolation } from './tenancy.ts'
import { checkHostileInput } from './hostile-input.ts'
import { migrationSets } from '../app.ts'
import { migrateLatest, migrateRollback } from '../db/migrator.ts'
import { PLUGINS_DIR } from '../loader/discover.ts'
import { NO_PLUGINS_DIR } from './fixtures/third-party/paths.ts'
import { checkWebTranslations } from './web-translations.ts'
import { findForeignTables, type ForeignTableHit } from './foreign-tables.ts'
import type { LoadedPlugin, WebModule } from '../plugin-api/types.ts'

export interface ConformanceOptions {
  /** The plugin as it would be named in ZAPDESK_PLUGINS: a package folder, its entry file, or a package name. */
  plugin: string
  /** Load the bundled plugins too (needed when it depends on them). Default: when it declares dependencies. */
  withBundled?: boolean
  /** Its web module (default `<package folder>/web/index.ts` when that exists). */
  web?: string
}

export interface ConformanceReport {
  name: string
  routes: number
  isolationAttempts: number
  isolationSuccesses: number
  hostileInputs: number
  serverErrors: number
  missingTranslations: string[]
  /** Places where the plugin's server code names a table another installed plugin owns (manifests' `tables`). */
  foreignTables: ForeignTableHit[]
}

function packageFolder(spec: string): string | null {
  const resolved = path.resolve(spec)
  if (!fs.existsSync(resolved)) return null
  return fs.statSync(resolved).isDirectory() ? resolved : path.dirname(resolved)
}

/** The hits of `plugin`'s folder against the tables every other loaded plugin declares. */
export function foreignTablesOf(plugins: readonly LoadedPlugin[], plugin: LoadedPlugin, folder: string): ForeignTableHit[] {
  const foreign = new Map<string, string>()
  for (const other of plugins) if (other.name !== plugin.name) for (const table of other.tables ?? []) foreign.set(table, other.name)
  return findForeignTables(folder, foreign)
}

/**
 * The checks a plugin author runs (`docs/plugins.md`): the plugin loads into a real app with its manifest
 * validated, its migrations go up, down and up again, no route of it lets company A reach company B's rows, no
 * generated hostile input makes it answer 5xx, its server code names no other plugin's table, and its web module has
 * every key in pt, en and es.
 */
export async function checkPluginConformance(t: Test, options: ConformanceOptions): Promise<ConformanceReport> {
  const report: ConformanceReport = { name: '', routes: 0, isolationAttempts: 0, isolationSuccesses: 0, hostileInputs: 0, serverErrors: 0, missingTranslations: [], foreignTables: [] }
  // A folder of plugins/ is loaded with the bundled plugins already: naming it again would load it twice.
  const bundledFolder = packageFolder(options.plugin)
  const bundled = bundledFolder && path.dirname(bundledFolder) === path.resolve(PLUGINS_DIR) ? `plugins/${path.basename(bundledFolder)}` : null
  const probe = await (bundled
    ? build(t)
    : build(t, { pluginsDir: options.withBundled ? undefined : NO_PLUGINS_DIR, config: { plugins: [options.plugin] } })).catch((err: Error) => err)
  if (probe instanceof Error) {
    // A plugin depending on bundled ones cannot load alone: retry with them unless the caller said otherwise.
    if (options.withBundled !== undefined || bundled) throw probe
    return checkPluginConformance(t, { ...options, withBundled: true })
  }
  const app = probe
  const plugin = app.plugins.find((p) => p.source === (bundled ?? options.plugin)) as LoadedPlugin | undefined
  if (!plugin) throw new Error(`${options.plugin} did not load`)
  report.name = plugin.name
  const own = (r: { config: { plugin?: string } }) => r.config.plugin === plugin.name
  report.routes = app.routeTable.filter(own).length

  await t.test(`${plugin.name}: migrations up, down, up`, async (t) => {
    const set = migrationSets([plugin]).find((s) => s.owner === plugin.name)
    if (!set) return t.pass('no migrations')
    const down = await migrateRollback(app.knex, [set], true)
    t.ok(down.length > 0, `rolled back ${down.length} migration(s)`)
    const up = await migrateLatest(app.knex, [set])
    t.equal(up.length, down.length, 'and applied them again')
  })

  await t.test(`${plugin.name}: company A reaches nothing of company B`, async (t) => {
    const isolation = await checkTenantIsolation(t, app, { filter: own })
    report.isolationAttempts = isolation.attempts
    report.isolationSuccesses = isolation.successes
    t.comment(`${isolation.routes} routes, ${isolation.attempts} attempts, ${isolation.successes} successes`)
  })

  await t.test(`${plugin.name}: hostile input never answers 5xx`, async (t) => {
    const hostile = await checkHostileInput(t, app, { filter: own })
    report.hostileInputs = hostile.inputs
    report.serverErrors = hostile.serverErrors
    t.comment(`${hostile.routes} routes, ${hostile.inputs} inputs, ${hostile.serverErrors} 5xx`)
  })

  const folder = packageFolder(options.plugin)
  if (folder) {
    await t.test(`${plugin.name}: names no other plugin's table`, async (t) => {
      report.foreignTables = foreignTablesOf(app.plugins, plugin, folder)
      t.strictSame(report.foreignTables.map((h) => `${h.file}:${h.line} ${h.table} (${h.owner})`), [], 'what it needs from other plugins goes through their services')
    })
  }
  const web = options.web ?? (folder ? path.join(folder, 'web/index.ts') : undefined)
  if (web && fs.existsSync(web)) {
    await t.test(`${plugin.name}: web translations in pt, en and es`, async (t) => {
      const module = (await import(pathToFileURL(web).href)).default as WebModule
      report.missingTranslations = await checkWebTranslations(module, path.dirname(web), plugin.errorCodes)
      t.strictSame(report.missingTranslations, [], 'every key in every language')
    })
  }
  return report
}

/**
 * The kit's verdict in one call: the plugin is `name` with `routes` routes (`what`: which, for the reader), company
 * A reached none of company B's rows in its attempts, no hostile input got a 5xx, its server code names no other
 * plugin's table and its web module has every key in pt, en and es.
 */
export function expectConformant(t: Test, report: ConformanceReport, expected: { name: string; routes: number; what?: string }): void {
  t.equal(report.name, expected.name)
  t.equal(report.routes, expected.routes, expected.what ?? 'routes')
  t.ok(report.isolationAttempts > 0, `${report.isolationAttempts} cross-tenant attempts`)
  t.equal(report.isolationSuccesses, 0, 'no cross-tenant success')
  t.ok(report.hostileInputs > 0, `${report.hostileInputs} hostile inputs`)
  t.equal(report.serverErrors, 0, 'no hostile input answers 5xx')
  t.same(report.missingTranslations, [], 'every key in pt, en and es')
  t.same(report.foreignTables, [], 'no other plugin\'s table named')
}
