import t from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build } from '../testing/build.ts'

/** A built web app in a temp folder: index.html, a hashed asset and a locale file. */
function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-web-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.mkdirSync(path.join(dir, 'locales/pt'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dir, 'locales/pt/core.json'), '{"ok":"sim"}')
  return dir
}

t.test('the web app: files, the SPA fallback for pages, JSON 404s under /api, nothing outside the folder', async (t) => {
  const dir = webDist()
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  const app = await build(t, { config: { serveWeb: true, webDist: dir } })

  const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
  t.equal(asset.statusCode, 200)
  t.match(asset.headers['content-type'], /javascript/)
  t.equal(asset.body, 'console.log(1)')
  t.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable', 'a hashed asset is kept a year, never asked again')
  t.equal((await app.inject({ method: 'GET', url: '/locales/pt/core.json' })).headers['cache-control'], 'public, max-age=0', 'a file outside assets/ is asked again')
  const head = await app.inject({ method: 'HEAD', url: '/locales/pt/core.json' })
  t.equal(head.statusCode, 200, 'HEAD answers too')
  t.equal((await app.inject({ method: 'GET', url: '/locales/pt/core.json?v=2' })).json().ok, 'sim', 'a query string does not change the file')

  for (const page of ['/', '/tickets', '/tickets/3f2a-uuid', '/settings?tab=1']) {
    const res = await app.inject({ method: 'GET', url: page })
    t.equal(res.statusCode, 200, `${page}: the SPA`)
    t.match(res.body, /id="root"/)
    t.equal(res.headers['cache-control'], 'no-cache', `${page}: index.html is not cached`)
  }
  const missingAsset = await app.inject({ method: 'GET', url: '/assets/gone-123.js' })
  t.equal(missingAsset.statusCode, 200, 'a missing file is a page of the SPA (its router shows not found)')
  t.equal(missingAsset.headers['cache-control'], 'no-cache', 'that page under an asset\'s name is not kept a year')

  for (const url of ['/api/nothing-here', '/api/tickets/x/y/z']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 404, `${url}: 404`)
    t.equal(res.json().error, 'ERR_NOT_FOUND')
  }
  t.equal((await app.inject({ method: 'GET', url: '/api/version' })).statusCode, 200, 'API routes still answer')
  t.equal((await app.inject({ method: 'POST', url: '/assets/index-abc123.js' })).statusCode, 404, 'files answer GET and HEAD only')

  fs.writeFileSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), 'secret')
  t.teardown(() => fs.rmSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), { force: true }))
  for (const url of [`/../${path.basename(dir)}-secret.txt`, `/%2e%2e/${path.basename(dir)}-secret.txt`, '/..%2f..%2fetc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
    const res = await app.inject({ method: 'GET', url })
    t.notMatch(res.body, /secret|root:/, `${url}: nothing outside the folder`)
  }
})

t.test('a file added to the build after the start is served (looked up when asked, not listed at boot)', async (t) => {
  const dir = webDist()
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  const app = await build(t, { config: { serveWeb: true, webDist: dir } })
  fs.writeFileSync(path.join(dir, 'assets/late-1.css'), 'body{}')
  const res = await app.inject({ method: 'GET', url: '/assets/late-1.css' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /css/)
})
