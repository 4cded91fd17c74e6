import t from 'tap'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import { freePort, ROOT, spawnServer } from '../core/testing/server-process.ts'
import { freshDatabase } from '../core/testing/database.ts'

/** Every file under dir, relative. */
function walk(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isSymbolicLink()) return []
    return e.isDirectory() ? walk(p, base) : [path.relative(base, p)]
  })
}

// Inside the checkout (in .tap/, ignored by git): the compiled files find the install's node_modules by walking up.
fs.mkdirSync(path.join(ROOT, '.tap'), { recursive: true })
const tmp = fs.mkdtempSync(path.join(ROOT, '.tap', 'build-'))
t.teardown(() => fs.rmSync(tmp, { recursive: true, force: true }))
const out = path.join(tmp, 'dist')
execFileSync(process.execPath, ['scripts/build-server.mjs', '--out', out], { cwd: ROOT, stdio: 'pipe' })

t.test('npm run build:server compiles the server; plain node runs it in development and production', async (t) => {
  const files = walk(out)
  t.same(files.filter((f) => /\.tsx?$/.test(f)), [], 'no TypeScript left')
  t.same(files.filter((f) => f.includes('.test.')), [], 'no tests')
  t.ok(files.includes('core/server.js') && files.includes('plugins/tickets/plugin.js'), 'the server and the plugins')
  const relativeTs = files.filter((f) => f.endsWith('.js') && /from\s*['"]\.{1,2}\/[^'"]+\.ts['"]/.test(fs.readFileSync(path.join(out, f), 'utf8')))
  t.same(relativeTs, [], 'every relative import names the compiled file')
  t.equal(fs.realpathSync(path.join(out, 'node_modules/@zapdesk/plugin-api')), fs.realpathSync(path.join(out, 'core/plugin-api')), 'the bundled packages resolve to their compiled copies')
  // The CommonJS packages are in the vendor file, compiled from the build's code cache; the chunks only point to them.
  const chunks = files.filter((f) => f.endsWith('.js') && !f.startsWith('node_modules/')).map((f) => fs.readFileSync(path.join(out, f), 'utf8')).join('\n')
  t.notMatch(chunks, /"node_modules\/(fastify|knex|mysql2|objection)\/[^"]*"\(/, 'no CommonJS package left in the chunks')
  const vendor = path.join(out, 'node_modules/@zapdesk/vendor')
  t.match(fs.readFileSync(path.join(vendor, 'vendor.cjs'), 'utf8'), /"node_modules\/fastify\/fastify\.js"\(/, 'they are in the vendor file')
  t.equal(execFileSync(process.execPath, ['-p', 'require(process.argv[1]).codeCache', vendor], { encoding: 'utf8' }).trim(), 'used', 'and its code cache is accepted')
  // bee-queue is bundled too: its Lua module reads the scripts of its own folder, which is the vendor file's now.
  const readScripts = `const lua = require(process.argv[1]).load('node_modules/bee-queue/lib/lua/index.js')
    lua.buildCache({ script: (command, arg, done) => done(null, command === 'exists' ? [1] : 'OK') }).then(() => console.log(Object.keys(lua.scripts).sort().join()))`
  const shipped = fs.readdirSync(path.join(ROOT, 'node_modules/bee-queue/lib/lua')).filter((f) => f.endsWith('.lua')).map((f) => f.slice(0, -4)).sort().join()
  t.equal(execFileSync(process.execPath, ['-e', readScripts, vendor], { encoding: 'utf8' }).trim(), shipped, 'bee-queue\'s Lua scripts are found beside it')
  // depd is replaced by scripts/depd-warning.cjs (its own tests): no reading of call sites' lines at a start.
  const vendorText = fs.readFileSync(path.join(vendor, 'vendor.cjs'), 'utf8')
  t.notMatch(vendorText, /callSiteLocation/, 'depd\'s call-site reading is not in the vendor file')
  t.match(vendorText, /deprecated \$\{message\}/, 'its stand-in is')
  // Built without keepNames: the error classes whose names objection sets (this.constructor.name) and the app reads
  // (KnexTimeoutError: the database is unavailable) keep them.
  const errorNames = `const v = require(process.argv[1]); const o = v.load('node_modules/objection/lib/objection.js')
    const names = ['ValidationError', 'NotFoundError', 'UniqueViolationError', 'ForeignKeyViolationError', 'NotNullViolationError', 'CheckViolationError', 'DataError', 'DBError'].map((k) => new o[k]({ type: 'ModelValidation', nativeError: new Error('x') }).name)
    const { KnexTimeoutError } = v.load('node_modules/knex/knex.js'); names.push(new KnexTimeoutError('x').name)
    console.log(names.join())`
  t.equal(execFileSync(process.execPath, ['-e', errorNames, vendor], { encoding: 'utf8' }).trim(), 'ValidationError,NotFoundError,UniqueViolationError,ForeignKeyViolationError,NotNullViolationError,CheckViolationError,DataError,DBError,KnexTimeoutError', 'error classes keep their names')
  // A package's own import() works when the vendor file comes from its code cache (knex loads an ES module migration).
  const migrations = path.join(tmp, 'esm-migrations')
  fs.mkdirSync(migrations)
  fs.writeFileSync(path.join(migrations, '001_notes.mjs'), "export const up = (knex) => knex.schema.createTable('notes', (t) => t.increments())\nexport const down = (knex) => knex.schema.dropTable('notes')\n")
  const migrate = `const v = require(process.argv[1]); const knex = v.load('node_modules/knex/knex.js')
    const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true })
    db.migrate.latest({ directory: process.argv[2], loadExtensions: ['.mjs'] }).then(() => db.schema.hasTable('notes')).then((has) => { console.log(v.codeCache, has); return db.destroy() })`
  t.equal(execFileSync(process.execPath, ['-e', migrate, vendor, migrations], { encoding: 'utf8' }).trim(), 'used true', 'a package\'s import() runs from the code cache')

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

t.test('the compiled server with the suite\'s database and Redis serves the web app, a live socket, uploads and the API docs', async (t) => {
  // fastify, ws, mysql2, redis and the multipart and static plugins are bundled into the build: each is used here.
  const db = await freshDatabase()
  t.teardown(() => db.drop())
  const web = path.join(tmp, 'web')
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true })
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>')
  fs.writeFileSync(path.join(web, 'assets/app-1a2b.js'), 'export {}')
  const admin = { email: 'root@build.test', password: 'Build-Test-1' }
  const server = await spawnServer({
    entry: path.join(out, 'core/server.js'),
    env: {
      PATH: process.env.PATH, PORT: String(await freePort()), DATA_DIR: db.dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn',
      JWT_SECRET: 'a'.repeat(40), JWT_REFRESH_SECRET: 'b'.repeat(40), SERVE_WEB: 'true', WEB_DIST: web, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `zb${randomBytes(4).toString('hex')}` } : {}),
    },
  })
  t.teardown(() => server.stop(2000))
  const page = await fetch(`${server.url}/tickets`)
  t.equal(page.headers.get('cache-control'), 'no-cache')
  t.match(await page.text(), /id="root"/, 'a page of the web app')
  t.equal(await (await fetch(`${server.url}/assets/app-1a2b.js`)).text(), 'export {}', 'its files')

  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })
  t.equal(login.status, 200, 'the super user signs in')
  const { token } = await login.json() as { token: string }
  const headers = { authorization: `Bearer ${token}` }

  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(token)}`)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const heard = new Promise<string>((resolve) => socket.on('message', (m) => String(m).includes('Build list') && resolve(String(m))))

  const created = await fetch(`${server.url}/api/files`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Build list', message: 'from the build test' }) })
  t.equal(created.status, 201)
  const list = await created.json() as { id: number }
  t.match(await heard, /Build list/, 'the live socket hears it')
  socket.close()
  const form = new FormData()
  form.append('files', new Blob(['%PDF-1.4 build test'], { type: 'application/pdf' }), 'price.pdf')
  const uploaded = await fetch(`${server.url}/api/files/uploadList/${list.id}`, { method: 'POST', headers, body: form })
  t.equal(uploaded.status, 200, 'a multipart upload')
  const { options } = await uploaded.json() as { options: Array<{ path: string }> }
  t.equal(await (await fetch(`${server.url}/api/media/${options[0].path}`, { headers })).text(), '%PDF-1.4 build test', 'stored and served back')

  const docs = await fetch(`${server.url}/api/docs/json`)
  t.equal(docs.status, 200)
  t.ok(Object.keys(((await docs.json()) as { paths: object }).paths).length > 100, 'the OpenAPI document')
  const docsPage = await (await fetch(`${server.url}/api/docs/`)).text()
  const docsScript = docsPage.match(/src="\.\/(static\/swagger-ui-bundle\.js)"/)?.[1]
  t.ok(docsScript, 'the docs page (its UI loaded on this first visit)')
  const asset = await fetch(`${server.url}/api/docs/${docsScript}`)
  t.equal(asset.status, 200, 'and its files')
  t.match(asset.headers.get('content-type'), /javascript/)
  t.same(await server.stop(), { code: 0, signal: null }, 'SIGTERM exits 0')
})
