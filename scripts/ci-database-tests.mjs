#!/usr/bin/env node
/**
 * `node scripts/ci-database-tests.mjs [--free] [--why] files...`: of the given test files, prints those whose answer
 * can depend on the database (or with --free, those whose answer cannot), one a line. CI runs the server tests a second
 * time on MariaDB + Redis; a test that can never reach either gives the same answer there, and is left out.
 *
 * A test file can reach a database or Redis when any module it imports, directly or through other modules of the
 * repository (relative imports and the @zapdesk/* packages, followed to their sources), is one of:
 *   - a client of a database or of Redis: knex, objection, mysql2, better-sqlite3, redis, bee-queue;
 *   - node:child_process, node:worker_threads or node:cluster (a process or thread started with the environment,
 *     TEST_DATABASE_URL and REDIS_URL included);
 * or when one of those modules names TEST_DATABASE_URL, DATABASE_URL or REDIS_URL. A module imported with a computed
 * name (import(variable)) counts as reaching everything. Everything else (validation, formatting, parsing, pure
 * functions, the web app's modules) runs the same code with the same inputs on either database.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CLIENTS = new Set(['knex', 'objection', 'mysql2', 'better-sqlite3', 'redis', '@redis/client', 'bee-queue'])
const PROCESSES = new Set(['child_process', 'worker_threads', 'cluster'])
const ENV = /\b(TEST_DATABASE_URL|DATABASE_URL|REDIS_URL)\b/
// import ... from 'x', export ... from 'x', import 'x', import('x'), require('x'); a computed import(...) is caught below.
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g
const COMPUTED = /\bimport\s*\(\s*(?!['"])/
// Erased when the TypeScript is compiled, so they load nothing: `import type ... from`, `export type ... from` and
// imports whose every name is marked `type`.
const TYPE_IMPORTS = /^\s*(?:import|export)\s+type\s[^;]*?from\s*(['"])[^'"\n]+\1|^\s*import\s*\{(?:\s*type\s+[\w$]+(?:\s+as\s+[\w$]+)?\s*,?)+\s*\}\s*from\s*(['"])[^'"\n]+\2/gm
const withoutTypeImports = (source) => source.replace(TYPE_IMPORTS, '')

/** Where the @zapdesk/* packages' sources live (package name -> folder), read from their package.json files. */
function workspacePackages() {
  const out = new Map()
  const candidates = [path.join(ROOT, 'core/plugin-api'), ...fs.readdirSync(path.join(ROOT, 'plugins')).map((p) => path.join(ROOT, 'plugins', p))]
  for (const folder of candidates) {
    const file = path.join(folder, 'package.json')
    if (!fs.existsSync(file)) continue
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'))
    out.set(pkg.name, { folder, pkg })
  }
  return out
}
const packages = workspacePackages()

function packageName(spec) {
  const parts = spec.split('/')
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

function firstExisting(candidates) {
  for (const c of candidates) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c
  return undefined
}

function asFile(base) {
  return firstExisting([base, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}.mjs`, path.join(base, 'index.ts'), path.join(base, 'index.tsx'), path.join(base, 'index.js')])
}

/** The repository file a specifier names, 'external:<package>' for a dependency, or undefined (not found). */
function resolve(spec, from) {
  if (spec.startsWith('node:')) return `external:${spec.slice(5).split('/')[0]}`
  if (spec.startsWith('.') || spec.startsWith('/')) return asFile(path.resolve(path.dirname(from), spec))
  const name = packageName(spec)
  const local = packages.get(name)
  if (!local) return `external:${name}`
  const sub = spec.slice(name.length).replace(/^\//, '')
  const exported = local.pkg.exports?.[sub ? `./${sub}` : '.']
  const target = typeof exported === 'string' ? exported : exported?.import ?? exported?.default ?? (sub || local.pkg.main || 'index.ts')
  return asFile(path.join(local.folder, target)) ?? asFile(path.join(local.folder, sub))
}

const modules = new Map()

/** One module's own reason to reach a database or Redis (or null) and the repository modules it imports. */
function moduleOf(file) {
  let m = modules.get(file)
  if (m) return m
  const rel = path.relative(ROOT, file)
  const source = fs.readFileSync(file, 'utf8')
  m = { own: null, imports: [] }
  if (ENV.test(source)) m.own = `${rel} names ${source.match(ENV)[1]}`
  else if (COMPUTED.test(source)) m.own = `${rel} imports a computed module name`
  for (const match of withoutTypeImports(source).matchAll(SPECIFIERS)) {
    if (m.own) break
    const spec = match[2]
    const target = resolve(spec, file)
    if (target === undefined) {
      // Neither a module of the repository nor a package: counted as reaching, so a gap of this resolver can only
      // keep a test in the MariaDB run, never drop one.
      m.own = `${rel} imports ${spec}, not resolved`
    } else if (target.startsWith('external:')) {
      const name = target.slice('external:'.length)
      if (CLIENTS.has(name)) m.own = `${rel} imports ${name}`
      else if (PROCESSES.has(name)) m.own = `${rel} imports node:${name}`
    } else if (/\.(ts|tsx|js|mjs)$/.test(target)) m.imports.push(target)
  }
  modules.set(file, m)
  return m
}

/** Why a test file can reach a database or Redis (the chain of modules), or null when it cannot. */
function reaches(file) {
  const seen = new Set([file])
  const chain = new Map([[file, path.relative(ROOT, file)]])
  const queue = [file]
  while (queue.length) {
    const current = queue.shift()
    const m = moduleOf(current)
    if (m.own) return `${chain.get(current)}: ${m.own}`
    for (const next of m.imports) {
      if (seen.has(next)) continue
      seen.add(next)
      chain.set(next, `${chain.get(current)} -> ${path.relative(ROOT, next)}`)
      queue.push(next)
    }
  }
  return null
}

const args = process.argv.slice(2)
const free = args.includes('--free')
const explain = args.includes('--why')
for (const file of args.filter((a) => !a.startsWith('--'))) {
  const why = reaches(path.resolve(ROOT, file))
  if (free === !why) console.log(explain ? `${file}\t${why ?? 'reaches no database, Redis, process or environment'}` : file)
}
