import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { Value } from '@sinclair/typebox/value'
import { Type } from '@sinclair/typebox'
import type { LoadedPlugin, PluginManifest } from '../plugin-api/types.ts'
import { compareNames } from './order.ts'

export class PluginManifestError extends Error {
  override name = 'PluginManifestError'
}

const Name = Type.String({ pattern: '^[a-z][a-z0-9-]{1,40}$' })
const Label = Type.Object({ pt: Type.String({ minLength: 1 }), en: Type.String({ minLength: 1 }), es: Type.String({ minLength: 1 }) })
const ManifestShape = Type.Object({
  name: Name,
  version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+' }),
  dependencies: Type.Optional(Type.Array(Name)),
  optionalDependencies: Type.Optional(Type.Array(Name)),
  tables: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }))),
  events: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z][a-zA-Z]*\\.[a-z][a-zA-Z]*$' }))),
  errorCodes: Type.Optional(Type.Array(Type.String({ pattern: '^ERR_[A-Z0-9_]{2,60}$' }))),
  provides: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z_$][A-Za-z0-9_$]{0,60}$' }))),
  feature: Type.Optional(Type.String({ pattern: '^use[A-Z][A-Za-z0-9]{1,40}$' })),
  // The plans form and GET /modules/catalog show it: a malformed label would break those answers, not the boot.
  featureLabel: Type.Optional(Label),
  routes: Type.Optional(Type.Function([], Type.Any())),
  setup: Type.Optional(Type.Function([], Type.Any())),
  topics: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,60}$' }), Type.Object({ permission: Type.Optional(Type.String()), adminOnly: Type.Optional(Type.Boolean()) }))),
  rooms: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,60}$' }), Type.Union([
    Type.Function([], Type.Any()),
    Type.Object({
      authorize: Type.Function([], Type.Any()),
      messages: Type.Optional(Type.Object({ join: Type.String({ pattern: '^[A-Za-z]{1,40}$' }), leave: Type.String({ pattern: '^[A-Za-z]{1,40}$' }), arg: Type.Optional(Type.String({ pattern: '^[A-Za-z]{1,40}$' })) })),
    }),
  ]))),
  jobs: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9-]{0,40}$' }), Type.Object({ handler: Type.Function([], Type.Any()) }))),
}, { additionalProperties: true })

const RESERVED = new Set(['core', 'auth', 'api', 'ws', 'media', 'public', 'docs'])

function validate(manifest: unknown, source: string): LoadedPlugin {
  const m = (manifest as { default?: unknown })?.default ?? manifest
  if (!Value.Check(ManifestShape, m)) {
    const first = [...Value.Errors(ManifestShape, m)][0]
    throw new PluginManifestError(`Plugin at ${source} has an invalid manifest: ${first?.path || '/'} ${first?.message}`)
  }
  const plugin = m as PluginManifest
  if (RESERVED.has(plugin.name)) throw new PluginManifestError(`Plugin at ${source} uses the reserved name "${plugin.name}"`)
  if (plugin.migrations !== undefined && !(plugin.migrations instanceof URL)) {
    throw new PluginManifestError(`Plugin at ${source} has an invalid manifest: /migrations must be a URL (new URL('./migrations/', import.meta.url))`)
  }
  return { ...plugin, source }
}

/**
 * Where a configured plugin lives: an npm package name, or a path (relative to the working directory) to a file or
 * to a package folder, whose package.json `main` names the entry.
 */
function resolvePackage(spec: string): string {
  const local = spec.startsWith('.') || path.isAbsolute(spec)
  const require = createRequire(path.join(process.cwd(), 'package.json'))
  try {
    return pathToFileURL(require.resolve(local ? path.resolve(spec) : spec)).href
  } catch (err) {
    // ESM-only packages (an `exports` map with only `import`) are not visible to require.resolve.
    if (!local) try { return import.meta.resolve(spec) } catch { /* reported below */ }
    throw new PluginManifestError(`Plugin "${spec}" cannot be found: ${(err as Error).message.split('\n')[0]}`)
  }
}

export const PLUGINS_DIR = fileURLToPath(new URL('../../plugins/', import.meta.url))

/** The plugins of this install: every `plugins/<name>/plugin.ts` plus the npm packages (or paths) named in config. */
export async function discoverPlugins(options: { dir?: string; packages: string[]; disabled: string[] }): Promise<LoadedPlugin[]> {
  const found: LoadedPlugin[] = []
  const dir = options.dir ?? PLUGINS_DIR
  const entries: Array<{ url: string; source: string }> = []
  if (fs.existsSync(dir)) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).sort(compareNames)) {
      const file = ['plugin.ts', 'plugin.js'].map((f) => path.join(dir, entry.name, f)).find((f) => fs.existsSync(f))
      if (file) entries.push({ url: pathToFileURL(file).href, source: `plugins/${entry.name}` })
    }
  }
  for (const spec of options.packages) entries.push({ url: resolvePackage(spec), source: spec })
  // Imported all at once: the loader reads the modules' files while it evaluates those already read.
  const modules = await Promise.all(entries.map((e) => import(e.url)))
  entries.forEach((e, i) => found.push(validate(modules[i], e.source)))
  const seen = new Set<string>()
  for (const p of found) {
    if (seen.has(p.name)) throw new PluginManifestError(`Two plugins are named "${p.name}" (${p.source})`)
    seen.add(p.name)
  }
  return found.filter((p) => !options.disabled.includes(p.name))
}
