import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build, createCompanyWithUsers, createSuper, onlyPlugin } from '@zapdesk/plugin-api/testing'
import { call, PNG, upload } from './test-helpers.ts'

const PLUGIN = fileURLToPath(new URL('..', import.meta.url))

t.test('an image is uploaded, served from the public path without a token, replaced, removed', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const boss = await createSuper(app)
  const c = await createCompanyWithUsers(app)
  const ann = (await call(app, 'POST', '/announcements', boss.headers, { title: 'Nova tela', text: 'Veja a imagem' })).json()

  const up = await upload(app, `/announcements/${ann.id}/media-upload`, boss.headers, 'Tela nova.PNG', PNG)
  t.equal(up.statusCode, 200, up.body)
  t.match(up.json(), { mediaName: 'Tela nova.PNG', mediaPath: /^[0-9a-f-]{36}\.png$/, mediaUrl: `/api/public/${boss.companyId}/${up.json().mediaPath}` })
  const first = up.json()
  const served = await app.inject({ url: first.mediaUrl })
  t.equal(served.statusCode, 200, 'no token needed')
  t.equal(served.headers['content-type'], 'image/png')
  t.same(served.rawPayload, PNG)
  t.match((await call(app, 'GET', '/announcements', c.user.headers)).json().records, [{ mediaUrl: first.mediaUrl }], 'another company\'s agent gets the same address')

  for (const name of ['convite.pdf', 'foto.gif', 'script.svg', 'sem-extensao']) {
    const res = await upload(app, `/announcements/${ann.id}/media-upload`, boss.headers, name, PNG)
    t.same([res.statusCode, res.json().error], [415, 'ERR_UNSUPPORTED_MEDIA_TYPE'], `${name}: png, jpg or jpeg only`)
  }
  const none = await app.inject({ method: 'POST', url: `/api/announcements/${ann.id}/media-upload`, headers: { ...boss.headers, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' })
  t.same([none.statusCode, none.json().error], [400, 'ERR_VALIDATION'], 'no file')
  t.same((await upload(app, '/announcements/999999/media-upload', boss.headers, 'a.png', PNG)).json().error, 'ERR_NO_ANNOUNCEMENT_FOUND')

  const again = (await upload(app, `/announcements/${ann.id}/media-upload`, boss.headers, 'banner.jpg', PNG)).json()
  t.equal(again.mediaName, 'banner.jpg')
  t.equal((await app.inject({ url: first.mediaUrl })).statusCode, 404, 'the replaced image is gone')
  t.equal(await app.storage.stat(boss.companyId, first.mediaPath, 'public'), null)

  const cleared = await call(app, 'DELETE', `/announcements/${ann.id}/media-upload`, boss.headers)
  t.match(cleared.json(), { mediaPath: null, mediaName: null, mediaUrl: null })
  t.equal((await app.inject({ url: again.mediaUrl })).statusCode, 404, 'removed with the image')

  const third = (await upload(app, `/announcements/${ann.id}/media-upload`, boss.headers, 'ultima.jpeg', PNG)).json()
  await call(app, 'DELETE', `/announcements/${ann.id}`, boss.headers)
  t.equal((await app.inject({ url: third.mediaUrl })).statusCode, 404, 'deleting the announcement deletes its image')
})

t.test('the public path serves public files only: no private media, no other folder, no traversal', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const boss = await createSuper(app)
  const c = await createCompanyWithUsers(app)
  const ann = (await call(app, 'POST', '/announcements', boss.headers, { title: 'Aviso', text: 'Com imagem' })).json()
  const image = (await upload(app, `/announcements/${ann.id}/media-upload`, boss.headers, 'aviso.png', PNG)).json()
  const secret = await app.storage.save(c.id, Buffer.from('private contract'), 'contrato.png')
  const refused = [
    `/api/public/${c.id}/${secret}`,
    `/api/public/${c.id}/${image.mediaPath}`,
    `/api/public/${boss.companyId}/..%2F..%2Fmedia%2F${c.id}%2F${secret}`,
    `/api/public/${boss.companyId}/../../media/${c.id}/${secret}`,
    `/api/public/${boss.companyId}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
    `/api/public/${boss.companyId}/....%2F....%2Fetc%2Fpasswd`,
    `/api/public/0/${image.mediaPath}`,
    `/api/public/${boss.companyId}/${image.mediaPath}%00.png`,
    `/api/public/${boss.companyId}/`,
  ]
  for (const url of refused) {
    const res = await app.inject({ url })
    t.ok([400, 404].includes(res.statusCode), `${url.slice(0, 60)} -> ${res.statusCode}`)
    t.notOk(res.body.includes('private contract') || res.body.includes('root:'), 'and shows nothing')
    t.match(res.json(), { error: /^ERR_/ })
  }
  t.equal((await app.inject({ url: image.mediaUrl })).statusCode, 200, 'while the image itself loads')
  t.equal((await app.inject({ method: 'POST', url: image.mediaUrl })).statusCode, 404, 'read-only')
})

t.test('an admin\'s or agent\'s upload is refused before anything is stored', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const boss = await createSuper(app)
  const c = await createCompanyWithUsers(app)
  const ann = (await call(app, 'POST', '/announcements', boss.headers, { title: 'Aviso', text: 'Texto' })).json()
  for (const who of [c.admin, c.user]) {
    const res = await upload(app, `/announcements/${ann.id}/media-upload`, who.headers, 'x.png', PNG)
    t.same([res.statusCode, res.json().error], [403, 'ERR_NO_PERMISSION'])
  }
  t.same(await app.storage.list(c.id, 'public'), [], 'no file in their company\'s public folder')
  t.match((await call(app, 'GET', `/announcements/${ann.id}`, boss.headers)).json(), { mediaPath: null })
})
