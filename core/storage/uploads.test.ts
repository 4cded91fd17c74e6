import t from 'tap'
import fs from 'node:fs'
import path from 'node:path'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { readUploads } from './uploads.ts'
import { startFakeS3 } from '../testing/fake-s3.ts'

function multipart(files: Array<{ field: string; name: string; body: Buffer }>, fields: Record<string, string> = {}) {
  const boundary = '----zapdesk' + Math.random().toString(16).slice(2)
  const chunks: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.body, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

t.test('uploads are stored per company, limited by size, type and count, and never half-written', async (t) => {
  const app = await build(t, { config: { uploadMaxBytes: 64 * 1024 } })
  app.post('/api/test-upload', async (request) => readUploads(request, { extensions: ['.png', '.jpg'], maxFiles: 2 }))
  const c = await createCompanyWithUsers(app)
  const folder = path.join(app.config.dataDir, 'media', String(c.id))
  const stored = () => (fs.existsSync(folder) ? fs.readdirSync(folder).length : 0)

  const ok = multipart([{ field: 'medias', name: 'photo.PNG', body: Buffer.alloc(1000, 1) }], { body: 'hello' })
  const r = await app.inject({ method: 'POST', url: '/api/test-upload', headers: { ...ok.headers, ...c.admin.headers }, payload: ok.payload })
  t.equal(r.statusCode, 200)
  t.equal(r.json().files[0].size, 1000)
  t.equal(r.json().fields.body, 'hello')
  t.equal(stored(), 1)

  const big = multipart([{ field: 'medias', name: 'a.png', body: Buffer.alloc(10, 1) }, { field: 'medias', name: 'b.png', body: Buffer.alloc(100 * 1024, 1) }])
  const tooBig = await app.inject({ method: 'POST', url: '/api/test-upload', headers: { ...big.headers, ...c.admin.headers }, payload: big.payload })
  t.equal(tooBig.statusCode, 413)
  t.equal(tooBig.json().error, 'ERR_PAYLOAD_TOO_LARGE')
  t.equal(stored(), 1, 'the first file of the refused request was removed')

  const exe = multipart([{ field: 'medias', name: 'run.exe', body: Buffer.alloc(10) }])
  const wrongType = await app.inject({ method: 'POST', url: '/api/test-upload', headers: { ...exe.headers, ...c.admin.headers }, payload: exe.payload })
  t.equal(wrongType.statusCode, 415)

  const three = multipart([1, 2, 3].map((i) => ({ field: 'medias', name: `${i}.jpg`, body: Buffer.alloc(10) })))
  t.equal((await app.inject({ method: 'POST', url: '/api/test-upload', headers: { ...three.headers, ...c.admin.headers }, payload: three.payload })).statusCode, 413)
  t.equal(stored(), 1)

  const json = await app.inject({ method: 'POST', url: '/api/test-upload', headers: c.admin.headers, payload: { a: 1 } })
  t.equal(json.statusCode, 415, 'JSON to an upload route is refused')
})

t.test('a broken multipart body is the client\'s fault: 400, never a 500', async (t) => {
  const app = await build(t)
  app.post('/api/test-upload', async (request) => readUploads(request))
  const c = await createCompanyWithUsers(app)
  const cut = multipart([{ field: 'medias', name: 'a.png', body: Buffer.alloc(10, 1) }])
  const bodies: Array<[string, string | Buffer]> = [
    ['multipart/form-data', '--x\r\n\r\n'],
    [`multipart/form-data; boundary=${'b'.repeat(300)}`, '--x\r\n\r\n'],
    ['multipart/form-data; boundary=other', cut.payload],
    [cut.headers['content-type'], cut.payload.subarray(0, cut.payload.length - 20)],
  ]
  for (const [type, payload] of bodies) {
    const res = await app.inject({ method: 'POST', url: '/api/test-upload', headers: { ...c.admin.headers, 'content-type': type }, payload })
    t.equal(res.statusCode, 400, `${type.slice(0, 40)}: ${res.body}`)
    t.equal(res.json().error, 'ERR_BAD_REQUEST')
  }
})

t.test('on S3-compatible storage, uploads land in the bucket and a refused one leaves no object', async (t) => {
  const fake = await startFakeS3()
  t.teardown(() => fake.close())
  const app = await build(t, { config: { uploadMaxBytes: 64 * 1024, mediaS3Endpoint: fake.url, mediaS3Bucket: fake.bucket, mediaS3AccessKey: fake.accessKey, mediaS3SecretKey: fake.secretKey } })
  app.post('/api/test-upload', async (request) => readUploads(request, { extensions: ['.png'], maxFiles: 2 }))
  const c = await createCompanyWithUsers(app)
  const body = Buffer.alloc(3000, 5)
  const ok = multipart([{ field: 'medias', name: 'photo.png', body }])
  const r = await app.inject({ method: 'POST', url: '/api/test-upload', headers: { ...ok.headers, ...c.admin.headers }, payload: ok.payload })
  t.equal(r.statusCode, 200)
  t.same(fake.objects.get(`media/${c.id}/${r.json().files[0].name}`), body, 'the uploaded bytes are the object')
  t.notOk(fs.existsSync(path.join(app.config.dataDir, 'media')), 'nothing on the local disk')

  const big = multipart([{ field: 'medias', name: 'a.png', body: Buffer.alloc(10, 1) }, { field: 'medias', name: 'b.png', body: Buffer.alloc(100 * 1024, 1) }])
  const tooBig = await app.inject({ method: 'POST', url: '/api/test-upload', headers: { ...big.headers, ...c.admin.headers }, payload: big.payload })
  t.equal(tooBig.statusCode, 413)
  t.same(await app.storage.list(c.id), [r.json().files[0].name], 'the refused request left no object behind')
})
