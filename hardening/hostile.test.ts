import t from 'tap'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { build } from '../core/testing/build.ts'
import { checkHostileInput } from '../core/testing/hostile-input.ts'
import { recordFigures } from './lib/figures.ts'
import { customer, inject, rawRequest, request, signupTenant, ticketIds, type Tenant } from './lib/http.ts'
import { multipartBody, PNG } from './lib/multipart.ts'
import { freePort, productionEnv, spawnServer, tempDir, type ServerProcess } from './lib/server.ts'
import { waitUntil } from '../core/testing/wait.ts'

/**
 * Hostile input, with figures: every route gets the schema-generated set (core/testing/hostile-cases.ts: wrong
 * types, missing fields, 1 MB strings, NUL bytes, path traversal, SQL metacharacters, odd Unicode, broken JSON,
 * wrong content types, oversized bodies, hostile uploads and broken multipart bodies); then a real server gets the
 * upload attacks over real sockets, including uploads cut off mid-stream, and must stay up and leave no file behind.
 */

t.test('every route, every generated hostile input: no 5xx, no crash', async (t) => {
  let crashes = 0
  const onCrash = () => void crashes++
  process.on('uncaughtExceptionMonitor', onCrash)
  process.on('unhandledRejection', onCrash)
  t.teardown(() => {
    process.off('uncaughtExceptionMonitor', onCrash)
    process.off('unhandledRejection', onCrash)
  })
  const app = await build(t)
  const report = await checkHostileInput(t, app)
  t.ok(report.routes >= 100 && report.inputs >= 3000, `${report.routes} routes, ${report.inputs} inputs`)
  const after = await app.inject({ method: 'GET', url: '/api/version' })
  t.equal(after.statusCode, 200, 'the app still answers')
  t.equal(crashes, 0, 'no uncaught exception or unhandled rejection')
  const refused = Object.entries(report.byStatus).filter(([s]) => Number(s) >= 400 && Number(s) < 500).reduce((n, [, c]) => n + c, 0)
  recordFigures(t, {
    area: 'hostile input: every route', attempts: report.inputs, refused, serverErrors: report.serverErrors,
    note: `${report.routes} routes, ${report.badErrorBodies} error answers without ERR_ code, ${crashes} crashes`,
  })
})

const UPLOAD_LIMIT = 256 * 1024

interface UploadRoute {
  url: string
  /** Whether the route restricts file types (415 for an .exe). */
  typed: boolean
  maxFiles: number
  /** An extension it accepts. */
  ext: string
}

/** Sends a multipart body and stops half-way, as a client that drops its connection mid-upload. */
function abortedUpload(server: ServerProcess, route: UploadRoute, token: string, size: number): Promise<void> {
  const body = multipartBody([{ field: 'file', name: `cut${route.ext}`, type: 'image/png', body: Buffer.alloc(size, 0x62) }])
  return new Promise((resolve) => {
    const req = http.request(`${server.url}${route.url}`, { method: 'POST', headers: { ...body.headers, authorization: `Bearer ${token}`, 'content-length': String(body.payload.length) } })
    req.on('error', () => resolve())
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve())
    })
    req.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)), () => setTimeout(() => {
      req.destroy()
      resolve()
    }, 200))
  })
}

function mediaFiles(server: ServerProcess, companyId: number): number {
  const dir = path.join(server.dataDir, 'media', String(companyId))
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0
}

t.test('uploads to a real server: limits, types and broken bodies are refused, the process stays up, no file is left', async (t) => {
  const port = await freePort()
  const server = await spawnServer({ env: productionEnv(port, tempDir('hostile'), { UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) }) })
  t.teardown(() => server.stop())
  const tenant: Tenant = await signupTenant(server.url)
  const token = tenant.admin.token
  t.equal((await inject(server.url, tenant, { from: customer(1), body: 'hello' })).status, 201, 'a customer opens a ticket')
  const ticketId = await waitUntil('the ticket', async () => (await ticketIds(server.url, token))[0])
  const quick = await request(server.url, 'POST', '/quick-messages', { token, body: { shortcode: 'hostile', message: 'x' } })
  t.equal(quick.status, 201, 'a quick message to attach files to')
  const routes: UploadRoute[] = [
    { url: `/api/messages/${ticketId}`, typed: false, maxFiles: 10, ext: '.png' },
    { url: `/api/quick-messages/${quick.body.id}/media-upload`, typed: true, maxFiles: 1, ext: '.png' },
    { url: '/api/contacts/import', typed: true, maxFiles: 1, ext: '.xlsx' },
  ]
  const filesBefore = mediaFiles(server, tenant.companyId)
  let attempts = 0
  let refused = 0
  let serverErrors = 0
  const wrong: string[] = []
  const send = async (route: UploadRoute, name: string, payload: Buffer | string, contentType: string, expected: number[]) => {
    const res = await rawRequest(server.url, 'POST', route.url, { 'content-type': contentType, authorization: `Bearer ${token}` }, payload)
    attempts++
    if (res.status >= 500 || res.status === 0) serverErrors++
    if (res.status >= 400 && res.status < 500) refused++
    if (!expected.includes(res.status)) wrong.push(`${route.url} [${name}] -> ${res.status} ${res.text.slice(0, 120)} (expected ${expected.join('/')})`)
    else if (res.status >= 400 && !/"error":"ERR_[A-Z_]+"/.test(res.text)) wrong.push(`${route.url} [${name}] -> ${res.status} without an ERR_ code`)
  }
  for (const route of routes) {
    const mp = (files: Parameters<typeof multipartBody>[0], fields?: Record<string, string>, truncate = false) => multipartBody(files, fields, { truncate })
    const over = mp([{ field: 'file', name: `big${route.ext}`, type: 'image/png', body: Buffer.alloc(UPLOAD_LIMIT + 1, 0x61) }])
    await send(route, 'over the upload limit', over.payload, over.headers['content-type'], [413])
    const far = mp([{ field: 'file', name: `huge${route.ext}`, type: 'image/png', body: Buffer.alloc(8 * 1024 * 1024, 0x61) }])
    await send(route, '8 MB upload', far.payload, far.headers['content-type'], [413])
    const many = mp(Array.from({ length: route.maxFiles + 1 }, (_, i) => ({ field: 'file', name: `f${i}${route.ext}`, type: 'image/png', body: PNG })))
    await send(route, 'one file too many', many.payload, many.headers['content-type'], [413])
    const exe = mp([{ field: 'file', name: 'run.exe', type: 'application/x-msdownload', body: Buffer.from('MZ') }])
    await send(route, 'executable', exe.payload, exe.headers['content-type'], route.typed ? [415] : [201])
    const cut = mp([{ field: 'file', name: `photo${route.ext}`, type: 'image/png', body: PNG }], {}, true)
    await send(route, 'truncated multipart', cut.payload, cut.headers['content-type'], [400])
    await send(route, 'no boundary', '--x\r\n\r\n', 'multipart/form-data', [400])
    await send(route, 'wrong boundary', cut.payload, 'multipart/form-data; boundary=other', [400])
    await send(route, 'JSON to an upload route', '{"a":1}', 'application/json', route.url.includes('/messages/') ? [400] : [415])
    await send(route, 'xml', '<a/>', 'application/xml', [415])
    await send(route, 'form-urlencoded', 'a=1', 'application/x-www-form-urlencoded', [415])
    const garbage = mp([{ field: 'file', name: 'contacts.xlsx', type: 'application/octet-stream', body: Buffer.from('PK\u0003\u0004 garbage, not a zip') }])
    await send(route, 'corrupt spreadsheet', garbage.payload, garbage.headers['content-type'], [200, 201, 400, 415])
  }
  // Cut off mid-upload, five times per route: the server must neither crash nor keep the half-written file.
  for (const route of routes) for (let i = 0; i < 5; i++) await abortedUpload(server, route, token, 200 * 1024)
  attempts += routes.length * 5
  t.strictSame(wrong, [], 'every hostile upload got the expected refusal')
  t.equal(serverErrors, 0, 'no 5xx, no dropped connection')
  t.ok(server.alive(), 'the server process is still running')
  t.equal((await request(server.url, 'GET', '/auth/me', { token })).status, 200, 'and still serves signed-in requests')
  // Accepted uploads (the message route takes any file) are messages now; nothing else may stay on disk.
  const messageFiles = (await request(server.url, 'GET', `/messages/${ticketId}`, { token })).body.messages.filter((m: { mediaUrl: string | null }) => m.mediaUrl).length
  const quickFile = (await request(server.url, 'GET', `/quick-messages/${quick.body.id}`, { token })).body.mediaPath ? 1 : 0
  const kept = messageFiles + quickFile
  // An upload cut off mid-stream is cleaned up when the server notices the dropped connection: give it a moment.
  await waitUntil('the cut uploads to be cleaned up', () => mediaFiles(server, tenant.companyId) - filesBefore === kept, { timeoutMs: 15_000 }).catch(() => undefined)
  t.equal(mediaFiles(server, tenant.companyId) - filesBefore, kept, `only the ${kept} accepted files are on disk (${messageFiles} sent as messages, ${quickFile} on the quick message): ${fs.readdirSync(path.join(server.dataDir, 'media', String(tenant.companyId))).join(', ')}`)
  t.notMatch(server.logs(), /unhandled error|"level":50/, 'no error in the server log')
  recordFigures(t, { area: 'hostile input: uploads, real server', attempts, refused, serverErrors, note: `3 upload routes, ${routes.length * 5} uploads cut mid-stream, 0 crashes, ${kept} accepted files kept` })
})
