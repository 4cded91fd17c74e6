// The compiled server's CommonJS packages (fastify, knex, objection, mysql2, ...) in one file of their own, vendor.cjs,
// installed in dist/ as @zapdesk/vendor with its runtime (scripts/vendor-runtime.cjs), which compiles it with the V8
// code cache written here: a start deserializes the packages' compiled code instead of parsing and compiling them
// (bench/cold-start.ts's start, alternated, median of 9: 710 ms without the cache, 637 with the packages' module bodies
// cached, 585 with a start's; a bare Fastify 195 ms). In the chunks such a package is a one-line module handing over
// its exports; ES module packages stay in the chunks.
import { isAscii } from 'node:buffer'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import Module, { createRequire, isBuiltin } from 'node:module'
import path from 'node:path'
import { build } from 'esbuild'

export const VENDOR = '@zapdesk/vendor'
const probe = Symbol('vendor probe')
const moduleTypes = new Map()

/** The module type of a folder's .js files: the `type` of the nearest package.json, CommonJS by default. */
function moduleType(dir) {
  if (!moduleTypes.has(dir)) {
    const manifest = path.join(dir, 'package.json')
    const parent = path.dirname(dir)
    moduleTypes.set(dir, fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')).type ?? 'commonjs' : parent === dir ? 'commonjs' : moduleType(parent))
  }
  return moduleTypes.get(dir)
}

/** Whether Node loads `file` as CommonJS. */
const isCommonJs = (file) => /\.(cjs|json)$/.test(file) || (file.endsWith('.js') && moduleType(path.dirname(file)) !== 'module')

/**
 * The esbuild plugin of the server's build: a bare import that resolves (as `require` would) to a CommonJS file goes to
 * the vendor file, keyed by that file's path from `root`, so every importer (ours, or an ES module package of the
 * chunks) shares one instance, as in the chunks. `isExternal(specifier)`: packages left in node_modules.
 */
export function vendorPackages(root, isExternal) {
  const vendored = new Set()
  return {
    vendored,
    plugin: {
      name: 'vendor-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.pluginData === probe || args.path.startsWith('@zapdesk/') || isBuiltin(args.path) || isExternal(args.path)) return undefined
          const found = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: 'require-call', pluginData: probe })
          if (found.errors.length || found.external || !isCommonJs(found.path)) return undefined
          const id = path.relative(root, found.path).split(path.sep).join('/')
          vendored.add(id)
          return { path: id, namespace: 'zd-vendor' }
        })
        b.onLoad({ filter: /.*/, namespace: 'zd-vendor' }, (args) => ({ contents: esmStub(root, args.path), loader: 'js', resolveDir: root }))
      },
    },
  }
}

/** `import(` where it is a call of the import() operator, not a method named import. */
const DYNAMIC_IMPORT = /(?<![.\w$])import\(/g
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const RESERVED = new Set('await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield'.split(' '))

/**
 * A vendored package's module in the chunks: an ES module whose default export is the package's module.exports and
 * whose named exports are its properties when the build loads it, as Node itself imports a CommonJS module from an ES
 * module. A CommonJS stub instead had each importer copy every property into a namespace object of its own
 * (esbuild's __toESM: TypeBox's 300 exports, 18 times a start).
 */
function esmStub(root, id) {
  const exported = createRequire(path.join(root, 'package.json'))(path.join(root, id))
  const names = exported !== null && (typeof exported === 'object' || typeof exported === 'function')
    ? Object.keys(exported).filter((n) => IDENTIFIER.test(n) && !RESERVED.has(n))
    : []
  const load = `require(${JSON.stringify(VENDOR)}).load(${JSON.stringify(id)})`
  return names.length
    ? `const m = ${load}\nexport default m\nexport const { ${names.join(', ')} } = m\n`
    : `export default ${load}\n`
}

/**
 * Files a vendored package reads from its own folder (`__dirname`) at run time, which in the bundle is the vendor
 * file's: copied there. bee-queue's Lua scripts (lib/lua/index.js reads every .lua file of its folder). bee-queue is
 * bundled because its loading (it, redis@3 and a polyfill's hundred small modules: 120 ms from node_modules, 80 from
 * here) ran just after the server listened and held its first requests back.
 */
const FILES_READ_AT_RUN_TIME = [['node_modules/bee-queue/lib/lua', /\.lua$/]]

/** depd (http-errors' deprecation notices) as scripts/depd-warning.cjs, which says why. */
const quietDepd = (root) => ({
  name: 'depd-warning',
  setup(b) {
    b.onResolve({ filter: /^depd$/ }, () => ({ path: path.join(root, 'scripts/depd-warning.cjs') }))
  },
})

/**
 * Bundles the `vendored` files into `<out>/node_modules/@zapdesk/vendor` with its runtime (the code cache comes last),
 * with the server build's esbuild `options` (platform, target, minification, plugins).
 */
export async function buildVendor({ root, out, vendored, options }) {
  const dir = path.join(out, 'node_modules', VENDOR)
  const entry = `module.exports = {\n${[...vendored].sort().map((id) => `  ${JSON.stringify(id)}: () => require(${JSON.stringify(`./${id}`)}),`).join('\n')}\n}\n`
  await build({
    ...options,
    plugins: [...(options.plugins ?? []), quietDepd(root)],
    stdin: { contents: entry, resolveDir: root, sourcefile: 'vendor-entry.cjs', loader: 'js' },
    outfile: path.join(dir, 'vendor.cjs'),
    format: 'cjs',
    // The licences' comments in a file of their own: the bundle stays ASCII, which the runtime reads without decoding.
    legalComments: 'linked',
  })
  // The runtime reads the file as one-byte text, and compiles it as it is: a CommonJS module's wrapper around the code,
  // whose import() calls are the runtime's (vendor-runtime.cjs says why), reached through the wrapper's `module`.
  const code = fs.readFileSync(path.join(dir, 'vendor.cjs'))
  if (!isAscii(code)) throw new Error('vendor.cjs is not ASCII: the runtime would read it wrong')
  const imports = code.toString('latin1').replace(DYNAMIC_IMPORT, '__zdImport(')
  fs.writeFileSync(path.join(dir, 'vendor.cjs'), Module.wrap(`var __zdImport = module.import;${imports}`), 'latin1')
  for (const [folder, pattern] of FILES_READ_AT_RUN_TIME) {
    for (const name of fs.readdirSync(path.join(root, folder)).filter((f) => pattern.test(f))) fs.copyFileSync(path.join(root, folder, name), path.join(dir, name))
  }
  fs.copyFileSync(path.join(root, 'scripts/vendor-runtime.cjs'), path.join(dir, 'index.cjs'))
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: VENDOR, private: true, main: 'index.cjs' }, null, 2)}\n`)
  return dir
}

/**
 * The code cache, once the whole server is in `out`: written by the compiled server's warm-up (core/warm-up.ts: a start
 * on a scratch SQLite database, then every package evaluated), so it holds what a start compiles (above: 637 -> 585 ms
 * against the module bodies alone). When the warm-up cannot run (no SQLite driver built), the
 * module bodies' cache is written instead, and said.
 */
export function writeCodeCache(out, dir) {
  try {
    execFileSync(process.execPath, [path.join(out, 'core/warm-up.js')], { stdio: ['ignore', 'ignore', 'pipe'] })
    return 'a start'
  } catch (err) {
    const lines = String(err.stderr ?? err).trim().split('\n')
    console.warn(`code cache: the warm-up start failed (${lines.find((l) => /Error/.test(l)) ?? lines.at(-1)}), so it holds the packages' module bodies only`)
    execFileSync(process.execPath, ['-e', 'require(process.argv[1]).writeCodeCache()', dir], { stdio: 'inherit' })
    return 'the packages\' module bodies'
  }
}
