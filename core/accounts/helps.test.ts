import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers, createSuper } from '../testing/fixtures.ts'

type Headers = { authorization: string }
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) })

t.test('super users manage help entries; everyone lists them', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const c = await createCompanyWithUsers(app)

  const a = await call(app, 'POST', '/helps', sup.headers, { title: '  Tickets ', description: 'How tickets work', video: 'dQw4w9WgXcQ' })
  t.equal(a.statusCode, 201)
  t.match(a.json(), { id: Number, title: 'Tickets', description: 'How tickets work', video: 'dQw4w9WgXcQ' })
  const b = await call(app, 'POST', '/helps', sup.headers, { title: 'Agenda' })
  t.match(b.json(), { title: 'Agenda', description: null, video: null })

  const all = await call(app, 'GET', '/helps', sup.headers)
  t.same(all.json().map((h: { title: string }) => h.title), ['Tickets', 'Agenda'], 'by id')
  const list = await call(app, 'GET', '/helps/list', c.user.headers)
  t.equal(list.statusCode, 200)
  t.same(list.json().map((h: { title: string }) => h.title), ['Agenda', 'Tickets'], 'agents see them, by title')
  t.same(list.json()[1], a.json())
  t.same((await call(app, 'GET', `/helps/${a.json().id}`, sup.headers)).json(), a.json())

  const upd = await call(app, 'PUT', `/helps/${a.json().id}`, sup.headers, { description: 'Updated', video: 'abc_DEF-123' })
  t.equal(upd.statusCode, 200)
  t.match(upd.json(), { title: 'Tickets', description: 'Updated', video: 'abc_DEF-123' })
  const renamed = await call(app, 'PUT', `/helps/${a.json().id}`, sup.headers, { title: '  Chamados  ' })
  t.equal(renamed.json().title, 'Chamados', 'titles are trimmed on update too')
  t.equal((await call(app, 'DELETE', `/helps/${b.json().id}`, sup.headers)).statusCode, 204)
  t.same((await call(app, 'GET', '/helps/list', c.admin.headers)).json().map((h: { id: number }) => h.id), [a.json().id])
  t.equal((await call(app, 'DELETE', `/helps/${b.json().id}`, sup.headers)).statusCode, 404)
  t.equal((await call(app, 'PUT', '/helps/999999', sup.headers, { title: 'x' })).json().error, 'ERR_NO_HELP_FOUND')
})

t.test('admins and agents cannot manage helps; bad input is refused', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const c = await createCompanyWithUsers(app)
  const h = (await call(app, 'POST', '/helps', sup.headers, { title: 'Keep me' })).json()
  for (const headers of [c.admin.headers, c.user.headers]) {
    t.equal((await call(app, 'GET', '/helps', headers)).statusCode, 403)
    t.equal((await call(app, 'GET', `/helps/${h.id}`, headers)).statusCode, 403)
    t.equal((await call(app, 'POST', '/helps', headers, { title: 'Mine' })).statusCode, 403)
    t.equal((await call(app, 'PUT', `/helps/${h.id}`, headers, { title: 'Changed' })).statusCode, 403)
    t.equal((await call(app, 'DELETE', `/helps/${h.id}`, headers)).statusCode, 403)
  }
  t.same((await call(app, 'GET', '/helps/list', c.user.headers)).json().map((x: { title: string }) => x.title), ['Keep me'], 'unchanged')
  for (const bad of [{}, { title: '' }, { title: '   ' }, { title: 'x'.repeat(201) }, { title: 'Video', video: '<script>' }, { title: 'Video', video: 'https://evil.test/x' }]) {
    const res = await call(app, 'POST', '/helps', sup.headers, bad)
    t.equal(res.statusCode, 400, JSON.stringify(bad).slice(0, 60))
    t.equal(res.json().error, 'ERR_VALIDATION')
  }
  t.equal((await app.inject({ method: 'GET', url: '/api/helps/list' })).statusCode, 401, 'the list needs a session')
})

t.test('a full YouTube link, as the form\'s hint offers, is accepted and kept as the video id', async (t) => {
  const app = await build(t)
  const sup = await createSuper(app)
  const created = await call(app, 'POST', '/helps', sup.headers, { title: 'Filas', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s' })
  t.equal(created.statusCode, 201)
  t.equal(created.json().video, 'dQw4w9WgXcQ')
  const changed = await call(app, 'PUT', `/helps/${created.json().id}`, sup.headers, { video: 'https://youtu.be/abc_DEF-123' })
  t.equal(changed.json().video, 'abc_DEF-123')
  t.equal((await call(app, 'PUT', `/helps/${created.json().id}`, sup.headers, { video: '' })).json().video, null, 'emptied')
  const bad = await call(app, 'PUT', `/helps/${created.json().id}`, sup.headers, { video: 'https://vimeo.com/123' })
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { error: 'ERR_VALIDATION', details: [{ field: 'body/video' }] }, 'pointed at the field')
})
