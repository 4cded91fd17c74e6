import t from 'tap'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { freePort, ROOT, spawnServer } from '../core/testing/server-process.ts'

/** Every file under dir, relative. */
function walk(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isSymbolicLink()) return []
    return e.isDirectory() ? walk(p, base) : [path.relative(base, p)]
  })
}

t.test('npm run build:server compiles the server; plain node runs it in development and production', async (t) => {
  // Inside the checkout (in .tap/, ignored by git): the compiled files find the install's node_modules by walking up.
  fs.mkdirSync(path.join(ROOT, '.tap'), { recursive: true })
  const tmp = fs.mkdtempSync(path.join(ROOT, '.tap', 'build-'))
  t.teardown(() => fs.rmSync(tmp, { recursive: true, force: true }))
  const out = path.join(tmp, 'dist')
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--out', out], { cwd: ROOT, stdio: 'pipe' })
  const files = walk(out)
  t.same(files.filter((f) => /\.tsx?$/.test(f)), [], 'no TypeScript left')
  t.same(files.filter((f) => f.includes('.test.')), [], 'no tests')
  t.ok(files.includes('core/server.js') && files.includes('plugins/tickets/plugin.js'), 'the server and the plugins')
  const relativeTs = files.filter((f) => f.endsWith('.js') && /from\s*['"]\.{1,2}\/[^'"]+\.ts['"]/.test(fs.readFileSync(path.join(out, f), 'utf8')))
  t.same(relativeTs, [], 'every relative import names the compiled file')
  t.equal(fs.realpathSync(path.join(out, 'node_modules/@zapdesk/plugin-api')), fs.realpathSync(path.join(out, 'core/plugin-api')), 'the bundled packages resolve to their compiled copies')

  for (const mode of ['development', 'production']) {
    const dataDir = path.join(tmp, `data-${mode}`)
    const server = await spawnServer({
      entry: path.join(out, 'core/server.js'),
      env: { PATH: process.env.PATH, PORT: String(await freePort()), DATA_DIR: dataDir, NODE_ENV: mode, SERVE_WEB: 'false', LOG_LEVEL: 'warn', JWT_SECRET: 'a'.repeat(40), JWT_REFRESH_SECRET: 'b'.repeat(40) },
    })
    t.teardown(() => server.stop(2000))
    t.same(await (await fetch(`${server.url}/api/version`)).json(), { version: '6.0.0' }, `${mode}: answers`)
    const bad = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 42 }) })
    t.equal(bad.status, 400, `${mode}: request schemas validate (compiled on first use)`)
    t.match(await bad.json(), { error: /^ERR_/ })
    const wrong = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@zapdesk.test', password: 'not-this-one' }) })
    t.equal(wrong.status, 401, `${mode}: the plugins and migrations loaded (accounts answer)`)
    const plans = await fetch(`${server.url}/api/plans/list`)
    t.equal(plans.status, 200)
    t.ok(Array.isArray(await plans.json()), `${mode}: response schemas serialize`)
    t.same(await server.stop(), { code: 0, signal: null }, `${mode}: SIGTERM exits 0`)
  }
})
