import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { Value } from '@sinclair/typebox/value'
import { Type } from '@sinclair/typebox'
import type { LoadedPlugin, PluginManifest } from '../plugin-api/types.ts'

export class PluginManifestError extends Error {}

const ManifestShape = Type.Object({
  name: Type.String({ pattern: '^[a-z][a-z0-9-]{1,40}$' }),
  version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+' }),
  dependencies: Type.Optional(Type.Array(Type.String())),
  feature: Type.Optional(Type.String({ pattern: '^use[A-Z][A-Za-z0-9]{1,40}$' })),
  routes: Type.Optional(Type.Function([], Type.Any())),
  setup: Type.Optional(Type.Function([], Type.Any())),
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
  return { ...plugin, source }
}

export const PLUGINS_DIR = fileURLToPath(new URL('../../plugins/', import.meta.url))

/** The plugins of this install: every `plugins/<name>/plugin.ts` plus the npm packages (or paths) named in config. */
export async function discoverPlugins(options: { dir?: string; packages: string[]; disabled: string[] }): Promise<LoadedPlugin[]> {
  const found: LoadedPlugin[] = []
  const dir = options.dir ?? PLUGINS_DIR
  if (fs.existsSync(dir)) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = ['plugin.ts', 'plugin.js'].map((f) => path.join(dir, entry.name, f)).find((f) => fs.existsSync(f))
      if (file) found.push(validate(await import(pathToFileURL(file).href), `plugins/${entry.name}`))
    }
  }
  const require = createRequire(path.join(process.cwd(), 'package.json'))
  for (const spec of options.packages) {
    const target = spec.startsWith('.') || path.isAbsolute(spec) ? pathToFileURL(path.resolve(spec)).href : pathToFileURL(require.resolve(spec)).href
    found.push(validate(await import(target), spec))
  }
  const seen = new Set<string>()
  for (const p of found) {
    if (seen.has(p.name)) throw new PluginManifestError(`Two plugins are named "${p.name}" (${p.source})`)
    seen.add(p.name)
  }
  return found.filter((p) => !options.disabled.includes(p.name))
}
