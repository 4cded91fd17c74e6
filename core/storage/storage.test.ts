import t from 'tap'
import { Readable } from 'node:stream'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'

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
