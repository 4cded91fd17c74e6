import t from 'tap'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { startFakeS3 } from '../testing/fake-s3.ts'

t.test('media is served only to users of its company', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const b = await createCompanyWithUsers(app)
  const name = await app.storage.save(b.id, Buffer.from('\x89PNG fake'), '../../evil name.PNG')
  t.match(name, /^[0-9a-f-]{36}\.png$/, 'server-generated name keeps only a safe extension')

  const own = await app.inject({ url: `/api/media/${name}`, headers: b.user.headers })
  t.equal(own.statusCode, 200)
  t.equal(own.headers['content-type'], 'image/png')
  t.equal(own.body, '\x89PNG fake')

  const foreign = await app.inject({ url: `/api/media/${name}`, headers: a.admin.headers })
  t.equal(foreign.statusCode, 404, 'another company gets not found')
  t.equal(foreign.json().error, 'ERR_NO_MEDIA_FOUND')
  t.equal((await app.inject({ url: `/api/media/${name}` })).statusCode, 401, 'anonymous is refused')
  for (const evil of ['..%2F..%2Fzapdesk.sqlite', '%2e%2e%2fetc%2fpasswd', 'zapdesk.sqlite']) {
    const r = await app.inject({ url: `/api/media/${evil}`, headers: b.admin.headers })
    t.ok([400, 404].includes(r.statusCode), `${evil} -> ${r.statusCode}`)
  }
})

t.test('streams are stored; public files need no token but stay per company', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const name = await app.storage.save(c.id, Readable.from([Buffer.from('hello '), Buffer.from('world')]), 'note.txt', 'public')
  const r = await app.inject({ url: `/api/public/${c.id}/${name}` })
  t.equal(r.statusCode, 200)
  t.equal(r.body, 'hello world')
  t.equal(r.headers['content-disposition'], 'attachment', 'non-media files download instead of rendering')
  t.equal((await app.inject({ url: `/api/public/${c.id + 1}/${name}` })).statusCode, 404)
  t.equal((await app.inject({ url: `/api/media/${name}`, headers: c.admin.headers })).statusCode, 404, 'public and private are separate')
  await app.storage.remove(c.id, name, 'public')
  t.equal((await app.inject({ url: `/api/public/${c.id}/${name}` })).statusCode, 404)
})

for (const driver of ['disk', 'S3'] as const) {
  t.test(`${driver}: the media routes stream from the driver, with ranges for seeking`, async (t) => {
    const fake = driver === 'S3' ? await startFakeS3() : null
    t.teardown(() => fake?.close())
    const s3 = fake ? { mediaS3Endpoint: fake.url, mediaS3Bucket: fake.bucket, mediaS3AccessKey: fake.accessKey, mediaS3SecretKey: fake.secretKey } : {}
    const app = await build(t, { config: s3 })
    const c = await createCompanyWithUsers(app)
    const audio = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256))
    const name = await app.storage.save(c.id, audio, 'voz.ogg')
    if (fake) t.ok(fake.objects.has(`media/${c.id}/${name}`), 'kept in the bucket')
    else t.ok(fs.existsSync(path.join(app.config.dataDir, 'media', String(c.id), name)), 'kept on disk')

    const whole = await app.inject({ url: `/api/media/${name}`, headers: c.user.headers })
    t.equal(whole.statusCode, 200)
    t.same(whole.rawPayload, audio)
    t.match(whole.headers, { 'content-type': 'audio/ogg', 'content-length': '1000', 'accept-ranges': 'bytes' })
    const part = await app.inject({ url: `/api/media/${name}`, headers: { ...c.user.headers, range: 'bytes=100-199' } })
    t.equal(part.statusCode, 206)
    t.equal(part.headers['content-range'], 'bytes 100-199/1000')
    t.same(part.rawPayload, audio.subarray(100, 200))
    const suffix = await app.inject({ url: `/api/media/${name}`, headers: { ...c.user.headers, range: 'bytes=-10' } })
    t.same(suffix.rawPayload, audio.subarray(990))
    const open = await app.inject({ url: `/api/media/${name}`, headers: { ...c.user.headers, range: 'bytes=995-' } })
    t.equal(open.headers['content-range'], 'bytes 995-999/1000')
    const outside = await app.inject({ url: `/api/media/${name}`, headers: { ...c.user.headers, range: 'bytes=5000-6000' } })
    t.equal(outside.statusCode, 416)
    t.equal(outside.headers['content-range'], 'bytes */1000')
    const junk = await app.inject({ url: `/api/media/${name}`, headers: { ...c.user.headers, range: 'bytes=1-2,5-6' } })
    t.equal(junk.statusCode, 200, 'several ranges: the whole file, as HTTP allows')

    const banner = Buffer.from('89504e470d0a1a0a', 'hex')
    const pub = await app.storage.save(c.id, banner, 'banner.png', 'public')
    const served = await app.inject({ url: `/api/public/${c.id}/${pub}`, headers: { range: 'bytes=0-3' } })
    t.equal(served.statusCode, 206, 'public files are served from the driver too')
    t.same(served.rawPayload, banner.subarray(0, 4))
    t.equal((await app.inject({ url: `/api/media/${name}`, headers: (await createCompanyWithUsers(app)).admin.headers })).statusCode, 404, 'another company: not found')
    await app.storage.remove(c.id, name)
    t.equal((await app.inject({ url: `/api/media/${name}`, headers: c.user.headers })).json().error, 'ERR_NO_MEDIA_FOUND')
  })
}
