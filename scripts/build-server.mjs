// npm run build:server: compiles the server (core, config, migrations, plugins' server code) to JavaScript in dist/,
// so production runs it with plain node (npm run serve): no TypeScript loader, no per-file transform at start.
// Each file is transformed on its own (no bundle): plugins stay folders that the loader discovers, migrations stay
// files the migrator lists, and the bundled packages (@zapdesk/*) resolve to their compiled copies through
// dist/node_modules.
import fs from 'node:fs'
import path from 'node:path'
import { transform } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
// `--out DIR`: elsewhere than dist/ (the build's own test).
const outArg = process.argv.indexOf('--out')
const out = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(root, 'dist')
const SOURCES = ['core', 'config', 'migrations', 'plugins']
/** Not server code: web pages (built by vite) and tests. */
const skip = (rel) => /(^|\/)(node_modules|web|dist)(\/|$)/.test(rel) || /\.test\.tsx?$/.test(rel)
/** Relative imports name .ts files (allowImportingTsExtensions); compiled, they name the .js next to them. */
const RELATIVE_TS = /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"\n]*?)\.tsx?\2/g

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(p)
    else yield p
  }
}

if (root.startsWith(out)) throw new Error(`refusing to build into ${out}: it holds the sources`)
const started = Date.now()
fs.rmSync(out, { recursive: true, force: true })
let compiled = 0
const packages = []
for (const top of SOURCES) {
  for (const file of files(path.join(root, top))) {
    const rel = path.relative(root, file)
    if (skip(rel)) continue
    const target = path.join(out, rel)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    if (/\.tsx?$/.test(file) && !file.endsWith('.d.ts')) {
      const { code } = await transform(fs.readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm', target: 'node20', sourcefile: rel, sourcemap: 'inline' })
      fs.writeFileSync(target.replace(/\.tsx?$/, '.js'), code.replace(RELATIVE_TS, (_, head, q, spec) => `${head}${q}${spec}.js${q}`))
      compiled++
    } else if (path.basename(file) === 'package.json') {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'))
      const js = (v) => (typeof v === 'string' ? v.replace(/\.tsx?$/, '.js') : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, js(x)])))
      if (pkg.main) pkg.main = js(pkg.main)
      if (pkg.exports) pkg.exports = js(pkg.exports)
      fs.writeFileSync(target, `${JSON.stringify(pkg, null, 2)}\n`)
      if (pkg.name?.startsWith('@zapdesk/')) packages.push({ name: pkg.name, dir: path.dirname(target) })
    } else if (!file.endsWith('.d.ts')) fs.copyFileSync(file, target)
  }
}
for (const { name, dir } of packages) {
  const link = path.join(out, 'node_modules', name)
  fs.mkdirSync(path.dirname(link), { recursive: true })
  fs.symlinkSync(path.relative(path.dirname(link), dir), link, 'dir')
}
console.log(`server compiled: ${compiled} files, ${packages.length} packages linked in dist/node_modules, ${Date.now() - started} ms`)
