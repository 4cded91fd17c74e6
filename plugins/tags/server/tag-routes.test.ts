import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, createSuper } from '@zapdesk/plugin-api/testing'
import { TICKET_TAGS } from './models.ts'
import { call, createTag } from './test-helpers.ts'

type TagAnswer = { id: number; name: string; ticketsCount: number }
const names = (list: TagAnswer[]) => list.map((x) => x.name)

t.test('GET /tags: 20 a page by name, hasMore, count, case-insensitive literal search, ticketsCount', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  for (let i = 0; i < 23; i++) await createTag(app, c.user.headers, { name: `Etiqueta ${String(i).padStart(2, '0')}` })
  const odd = await createTag(app, c.user.headers, { name: 'a_b tag' })
  await createTag(app, c.user.headers, { name: 'axb tag' })
  await createTag(app, other.user.headers, { name: 'Etiqueta alheia' })
  await app.knex(TICKET_TAGS).insert([1, 2, 3].map((ticketId) => ({ companyId: c.id, ticketId, tagId: odd.id, createdAt: new Date() })))

  const p1 = (await call(app, 'GET', '/tags', c.user.headers)).json()
  t.equal(p1.tags.length, 20)
  t.equal(p1.count, 25)
  t.equal(p1.hasMore, true)
  // Where '_' sorts among letters is the database collation's business: only the set of the first two is fixed.
  t.same(names(p1.tags).slice(0, 2).sort(), ['a_b tag', 'axb tag'], 'ordered by name, ignoring case')
  t.same(names(p1.tags).slice(2, 4), ['Etiqueta 00', 'Etiqueta 01'])
  const count = (name: string) => p1.tags.find((x: TagAnswer) => x.name === name).ticketsCount
  t.equal(count('a_b tag'), 3, 'tickets carrying the tag')
  t.equal(count('axb tag'), 0)
  const p2 = (await call(app, 'GET', '/tags?pageNumber=2', c.user.headers)).json()
  t.same([p2.tags.length, p2.hasMore], [5, false])
  t.notOk([...p1.tags, ...p2.tags].some((x: TagAnswer) => x.name === 'Etiqueta alheia'), 'own company only')
  const search = (term: string) => call(app, 'GET', `/tags?searchParam=${encodeURIComponent(term)}`, c.user.headers).then((r) => r.json())
  t.same(names((await search('ETIQUETA 1')).tags), Array.from({ length: 10 }, (_, i) => `Etiqueta 1${i}`))
  t.same(names((await search('a_b')).tags), ['a_b tag'], '_ is not a wildcard')
  t.equal((await search('%')).count, 0, '% is not a wildcard')
  t.equal((await call(app, 'GET', '/tags?pageNumber=0', c.user.headers)).statusCode, 400)
})

t.test('GET /tags and /tags/list with companyId: super users only for another company', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const superUser = await createSuper(app)
  const foreign = await createTag(app, other.admin.headers)
  for (const url of ['/tags', '/tags/list']) {
    t.equal((await call(app, 'GET', `${url}?companyId=${other.id}`, c.admin.headers)).statusCode, 403, url)
    t.equal((await call(app, 'GET', `${url}?companyId=${c.id}`, c.admin.headers)).statusCode, 200, `${url} own id`)
  }
  t.same((await call(app, 'GET', `/tags?companyId=${other.id}`, superUser.headers)).json().tags.map((x: TagAnswer) => x.id), [foreign.id])
  t.equal((await call(app, 'GET', '/tags/list?companyId=999999', superUser.headers)).json().error, 'ERR_NO_COMPANY_FOUND')
})

t.test('create, show, update, delete; the caller is recorded; /tags/list and /tags/kanban', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const res = await call(app, 'POST', '/tags', c.user.headers, { name: '  Urgente ', userId: 999 })
  t.equal(res.statusCode, 201)
  const tag = res.json()
  t.match(tag, { name: 'Urgente', color: '#5c7080', kanban: 0, userId: c.user.id, ticketsCount: 0, companyId: c.id }, 'default colour; userId is the caller, never the body')
  t.same((await call(app, 'GET', `/tags/${tag.id}`, c.user.headers)).json(), tag)
  const lane = await createTag(app, c.admin.headers, { name: 'Em negociação', kanban: true })
  t.equal(lane.kanban, 1, 'a boolean becomes 0/1')
  const updated = await call(app, 'PUT', `/tags/${tag.id}`, c.admin.headers, { name: 'Muito urgente', color: '#FF0000', kanban: 1 })
  t.match(updated.json(), { id: tag.id, name: 'Muito urgente', color: '#FF0000', kanban: 1, userId: c.admin.id })
  t.same(names((await call(app, 'GET', '/tags/list', c.user.headers)).json()), ['Em negociação', 'Muito urgente'])
  const kanban = (await call(app, 'GET', '/tags/kanban', c.user.headers)).json()
  t.same(names(kanban.lista), ['Em negociação', 'Muito urgente'], 'lista: the kanban tags')
  await call(app, 'PUT', `/tags/${lane.id}`, c.admin.headers, { kanban: 0 })
  t.same(names((await call(app, 'GET', '/tags/kanban', c.user.headers)).json().lista), ['Muito urgente'])

  await app.knex(TICKET_TAGS).insert({ companyId: c.id, ticketId: 7, tagId: tag.id, createdAt: new Date() })
  t.equal((await call(app, 'DELETE', `/tags/${tag.id}`, c.user.headers)).statusCode, 204)
  t.equal((await call(app, 'GET', `/tags/${tag.id}`, c.user.headers)).json().error, 'ERR_NO_TAG_FOUND')
  t.equal((await app.knex(TICKET_TAGS).where({ tagId: tag.id })).length, 0, 'its ticket links went with it')
  t.equal((await call(app, 'DELETE', `/tags/${tag.id}`, c.user.headers)).statusCode, 404)
})

t.test('validation: name at least 3 characters once trimmed, colour, kanban 0/1', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const invalid = async (body: object, field: string) => {
    const res = await call(app, 'POST', '/tags', c.admin.headers, body)
    t.equal(res.statusCode, 400, JSON.stringify(body))
    t.equal(res.json().error, 'ERR_VALIDATION')
    t.match(res.json().details, [{ field }])
  }
  await invalid({ name: 'ab' }, 'body/name')
  await invalid({ name: '  ab  ' }, 'body/name')
  await invalid({ color: '#fff' }, 'body')
  await invalid({ name: 'x'.repeat(101) }, 'body/name')
  await invalid({ name: 'Cores', color: 'red;x' }, 'body/color')
  await invalid({ name: 'Cores', color: '#f' }, 'body/color')
  await invalid({ name: 'Kanban', kanban: 2 }, 'body/kanban')
  const tag = await createTag(app, c.admin.headers)
  const res = await call(app, 'PUT', `/tags/${tag.id}`, c.admin.headers, { name: 'no' })
  t.equal(res.json().error, 'ERR_VALIDATION', 'on update too')
  t.equal((await call(app, 'GET', `/tags/${tag.id}`, c.admin.headers)).json().name, 'Cliente VIP')
})

t.test('permissions: agents manage tags but not the kanban flag (tags:editKanban, admins)', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const refused = await call(app, 'POST', '/tags', c.user.headers, { name: 'Raia', kanban: 1 })
  t.equal(refused.statusCode, 403)
  t.equal(refused.json().error, 'ERR_NO_PERMISSION')
  t.equal((await call(app, 'GET', '/tags/list', c.user.headers)).json().length, 0, 'nothing created')
  const lane = await createTag(app, c.admin.headers, { name: 'Raia', kanban: 1 })
  t.equal((await call(app, 'PUT', `/tags/${lane.id}`, c.user.headers, { kanban: 0 })).statusCode, 403, 'an agent cannot unflag')
  const rename = await call(app, 'PUT', `/tags/${lane.id}`, c.user.headers, { name: 'Raia nova', color: '#00aa00', kanban: 1 })
  t.equal(rename.statusCode, 200, 'the unchanged flag sent back with the form is fine')
  t.match(rename.json(), { name: 'Raia nova', kanban: 1 })
  t.equal((await call(app, 'POST', '/tags', c.user.headers, { name: 'Comum', kanban: 0 })).statusCode, 201)
  t.equal((await call(app, 'DELETE', `/tags/${lane.id}`, c.user.headers)).statusCode, 204, 'agents delete tags')
  t.equal((await call(app, 'GET', '/tags')).statusCode, 401)
  t.ok((await app.authService.loadContext(c.admin.id, 'any'))?.permissions.has('tags:editKanban'))
  t.notOk((await app.authService.loadContext(c.user.id, 'any'))?.permissions.has('tags:editKanban'))
})
