import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build, createCompanyWithUsers, createSuper, onlyPlugin } from '@zapdesk/plugin-api/testing'
import { call } from './test-helpers.ts'

const PLUGIN = fileURLToPath(new URL('..', import.meta.url))

t.test('a super user creates, reads, changes and deletes; the spec\'s defaults and required fields', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const boss = await createSuper(app)
  const created = await call(app, 'POST', '/announcements', boss.headers, { title: '  Manutenção programada ', text: 'Domingo, das 2h às 4h.' })
  t.equal(created.statusCode, 201, created.body)
  t.match(created.json(), { title: 'Manutenção programada', text: 'Domingo, das 2h às 4h.', priority: 3, status: true, mediaPath: null, mediaName: null, mediaUrl: null })
  t.notOk('companyId' in created.json(), 'a platform row: no company')
  const id = created.json().id

  for (const body of [{}, { title: 'x' }, { text: 'x' }, { title: '   ', text: 'x' }, { title: 'x', text: '  ' }, { title: 'x', text: 'y', priority: 4 }, { title: 'x', text: 'y', priority: 0 }, { title: 'x'.repeat(256), text: 'y' }, { title: 'x', text: 'y', status: 'maybe' }]) {
    const res = await call(app, 'POST', '/announcements', boss.headers, body)
    t.same([res.statusCode, res.json().error], [400, 'ERR_VALIDATION'], `refused: ${JSON.stringify(body).slice(0, 50)}`)
  }
  t.equal((await call(app, 'GET', `/announcements/${id}`, boss.headers)).json().title, 'Manutenção programada')
  const changed = await call(app, 'PUT', `/announcements/${id}`, boss.headers, { priority: 1, status: false })
  t.match(changed.json(), { title: 'Manutenção programada', priority: 1, status: false })
  t.same([(await call(app, 'PUT', `/announcements/${id}`, boss.headers, { priority: 5 })).json().error], ['ERR_VALIDATION'])
  t.equal((await call(app, 'DELETE', `/announcements/${id}`, boss.headers)).statusCode, 204)
  for (const [method, url] of [['GET', `/announcements/${id}`], ['PUT', `/announcements/${id}`], ['DELETE', `/announcements/${id}`], ['DELETE', `/announcements/${id}/media-upload`]] as const) {
    const res = await call(app, method, url, boss.headers, method === 'PUT' ? { title: 'x' } : undefined)
    t.same([res.statusCode, res.json().error], [404, 'ERR_NO_ANNOUNCEMENT_FOUND'], `${method} ${url} of a deleted one`)
  }
  t.same((await call(app, 'GET', '/announcements/abc', boss.headers)).json().error, 'ERR_VALIDATION')
})

t.test('company admins and agents manage nothing: 403 ERR_NO_PERMISSION, nothing changes', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const boss = await createSuper(app)
  const c = await createCompanyWithUsers(app)
  const id = (await call(app, 'POST', '/announcements', boss.headers, { title: 'Novidade', text: 'Relatórios novos' })).json().id
  for (const who of [c.admin, c.user]) {
    for (const [method, url, body] of [['POST', '/announcements', { title: 'x', text: 'y' }], ['GET', `/announcements/${id}`], ['PUT', `/announcements/${id}`, { title: 'hacked' }], ['DELETE', `/announcements/${id}`], ['POST', `/announcements/${id}/media-upload`], ['DELETE', `/announcements/${id}/media-upload`]] as const) {
      const res = await call(app, method, url, who.headers, body)
      t.same([res.statusCode, res.json().error], [403, 'ERR_NO_PERMISSION'], `${method} ${url}`)
    }
  }
  t.match((await call(app, 'GET', `/announcements/${id}`, boss.headers)).json(), { title: 'Novidade', text: 'Relatórios novos' }, 'unchanged')
  t.equal((await call(app, 'GET', '/announcements', boss.headers)).json().count, 1, 'nothing created')
  t.equal((await app.inject({ url: '/api/announcements' })).statusCode, 401, 'the list needs a signed-in user')
})

t.test('the list: every company reads the active ones, high priority first then newest; search, pages, count', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const boss = await createSuper(app)
  const [a, b] = [await createCompanyWithUsers(app), await createCompanyWithUsers(app)]
  const make = async (title: string, priority: number, status = true) => (await call(app, 'POST', '/announcements', boss.headers, { title, text: `Texto de ${title}`, priority, status })).json()
  await make('Baixa antiga', 3)
  await make('Alta', 1)
  await make('Rascunho', 1, false)
  await make('Média', 2)
  await make('Baixa nova', 3)
  const titles = async (who: { headers: { authorization: string } }, query = '') => {
    const page = (await call(app, 'GET', `/announcements${query}`, who.headers)).json()
    return { titles: page.records.map((r: { title: string }) => r.title), count: page.count, hasMore: page.hasMore }
  }
  const active = ['Alta', 'Média', 'Baixa nova', 'Baixa antiga']
  t.same(await titles(a.user), { titles: active, count: 4, hasMore: false }, 'an agent: active ones only')
  t.same(await titles(b.admin), { titles: active, count: 4, hasMore: false }, 'another company\'s admin: the same')
  t.same(await titles(a.user, '?active=false'), { titles: active, count: 4, hasMore: false }, 'asking for inactive ones changes nothing')
  t.same(await titles(boss), { titles: ['Rascunho', 'Alta', 'Média', 'Baixa nova', 'Baixa antiga'], count: 5, hasMore: false }, 'the super user: all of them')
  t.same((await titles(boss, '?active=true')).titles, active, 'and the active ones for the popover')
  t.same((await titles(a.user, '?searchParam=BAIXA')).titles, ['Baixa nova', 'Baixa antiga'], 'search is case-insensitive, title or text')
  t.same((await titles(boss, '?searchParam=texto%20de%20rasc')).titles, ['Rascunho'])
  t.same((await titles(a.user, '?searchParam=50%25')).titles, [], 'LIKE wildcards are plain characters')

  for (let i = 0; i < 18; i++) await make(`Extra ${i}`, 3)
  const first = await titles(a.user, '?pageNumber=1')
  const second = await titles(a.user, '?pageNumber=2')
  t.same([first.titles.length, first.count, first.hasMore], [20, 22, true])
  t.same([second.titles.length, second.hasMore], [2, false])
  t.equal(new Set([...first.titles, ...second.titles]).size, 22, 'no row on two pages')
  t.equal((await call(app, 'GET', '/announcements?pageNumber=0', a.user.headers)).json().error, 'ERR_VALIDATION')

  const overdue = await createCompanyWithUsers(app, { dueDate: '2020-01-01' })
  t.equal((await call(app, 'GET', '/announcements', overdue.user.headers)).json().count, 22, 'an overdue company still reads them')
})
