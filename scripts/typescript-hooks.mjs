// The load hook of scripts/typescript.mjs: a .ts/.tsx module is compiled by esbuild (type annotations removed, JSX
// turned into react/jsx-runtime calls, an inline source map kept for stack traces) and the result is kept in a cache
// folder under the temp folder, named by a hash of the file's path and text, so the next process reads it back.
// The maps hold the mappings only, not the file's text: the file on disk has it, and node's source-map cache kept it
// for every module (5 of an idle server's 38 MiB of heap).
// Nothing is resolved here: our imports name their .ts files, and packages resolve as node resolves them.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { transformSync, version } from 'esbuild'

const CACHE_DIR = path.join(os.tmpdir(), 'zapdesk-typescript')
const TYPESCRIPT = /\.(m?ts|tsx)$/
/** What tsconfig.json says about emitted code (class fields as defined properties, as TypeScript does for ES2022+). */
const OPTIONS = { format: 'esm', target: 'node20', jsx: 'automatic', sourcemap: 'inline', sourcesContent: false, tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false } } }
const SALT = `${version}\0${JSON.stringify(OPTIONS)}`
/** A compile older than this is removed (every edit of a file leaves its older compiles behind). */
const KEEP_MS = 7 * 86_400_000
let cacheReady = false

/**
 * Removes the compiles older than KEEP_MS, in the background. Run once by a process that had to compile (a file
 * changed): a process whose files were all cached has nothing new to clean after. One still in use is compiled again.
 */
async function pruneCache() {
  const now = Date.now()
  for (const name of await fs.promises.readdir(CACHE_DIR).catch(() => [])) {
    const file = path.join(CACHE_DIR, name)
    const stat = await fs.promises.stat(file).catch(() => undefined)
    if (stat && now - stat.mtimeMs > KEEP_MS) await fs.promises.rm(file, { force: true })
  }
}

function compiled(file, source) {
  const key = createHash('sha1').update(SALT).update('\0').update(file).update('\0').update(source).digest('hex')
  const cached = path.join(CACHE_DIR, `${key}.js`)
  try {
    return fs.readFileSync(cached, 'utf8')
  } catch {
    const { code } = transformSync(source, { ...OPTIONS, loader: file.endsWith('x') ? 'tsx' : 'ts', sourcefile: file })
    try {
      if (!cacheReady) {
        fs.mkdirSync(CACHE_DIR, { recursive: true })
        cacheReady = true
        void pruneCache().catch(() => undefined)
      }
      // Written under a process-own name, then renamed: another process never reads half a file.
      const partial = `${cached}.${process.pid}.tmp`
      fs.writeFileSync(partial, code)
      fs.renameSync(partial, cached)
    } catch {
      // An unwritable temp folder only costs the next process the compile.
    }
    return code
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:')) return nextLoad(url, context)
  // The web app's modules import JSON (translations) as vite does, without `with { type: 'json' }`.
  if (url.endsWith('.json')) return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } })
  const file = fileURLToPath(url)
  if (!TYPESCRIPT.test(file)) return nextLoad(url, context)
  return { format: 'module', source: compiled(file, fs.readFileSync(file, 'utf8')), shortCircuit: true }
}
