import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { connect } from '@zapdesk/plugin-api/testing'
import { call, createTag } from './test-helpers.ts'

/** Stands in for the tickets plugin: ticket ids each company owns. */
function fakeTickets(app: FastifyInstance, owned: Record<number, number[]>): void {
  app.tags.validateTicket = async (auth, ticketId) => {
    if (!owned[auth.companyId]?.includes(ticketId)) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  }
}

t.test('POST /tags/sync without a tickets plugin: no ticket exists, nothing is written', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const tag = await createTag(app, c.user.headers)
  const res = await call(app, 'POST', '/tags/sync', c.user.headers, { ticketId: 1, tags: [tag] })
  t.equal(res.statusCode, 404)
  t.equal(res.json().error, 'ERR_NO_TICKET_FOUND')
  t.equal((await app.knex('ticketTags')).length, 0)
})

t.test('POST /tags/sync sets exactly the given tags (objects or ids) and counts follow', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  fakeTickets(app, { [c.id]: [10, 11] })
  const events: unknown[] = []
  app.events.on('ticket.tagsChanged', (p) => void events.push(p))
  const [vip, late, lead] = [await createTag(app, c.user.headers, { name: 'VIP' }), await createTag(app, c.user.headers, { name: 'Atrasado' }), await createTag(app, c.user.headers, { name: 'Lead' })]

  const res = await call(app, 'POST', '/tags/sync', c.user.headers, { ticketId: 10, tags: [vip, late.id, vip] })
  t.equal(res.statusCode, 200)
  t.same(res.json().tags.map((x: { name: string; ticketsCount: number }) => [x.name, x.ticketsCount]), [['Atrasado', 1], ['VIP', 1]])
  await call(app, 'POST', '/tags/sync', c.user.headers, { ticketId: 11, tags: [vip] })
  t.same([...(await app.tags.ofTickets(c.id, [10, 11, 12]))].map(([id, tags]) => [id, tags.map((x) => x.name)]), [[10, ['Atrasado', 'VIP']], [11, ['VIP']], [12, []]])
  t.equal((await call(app, 'GET', `/tags/${vip.id}`, c.user.headers)).json().ticketsCount, 2)

  t.same((await call(app, 'POST', '/tags/sync', c.user.headers, { ticketId: 10, tags: [{ id: lead.id, name: 'ignored' }] })).json().tags.map((x: { id: number }) => x.id), [lead.id], 'replaced')
  t.same((await call(app, 'POST', '/tags/sync', c.user.headers, { ticketId: 10, tags: [] })).json(), { tags: [] }, 'cleared')
  t.same((await app.tags.ofTickets(c.id, [10])).get(10), [])
  await app.events.idle()
  t.same(events.at(0), { companyId: c.id, ticketId: 10, tagIds: [vip.id, late.id] }, 'the tickets plugin hears about it')
  t.equal(events.length, 4)
})

t.test('POST /tags/sync refuses foreign tags and tickets and leaves the links as they were', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  fakeTickets(app, { [c.id]: [10], [other.id]: [20] })
  const mine = await createTag(app, c.user.headers)
  const foreign = await createTag(app, other.user.headers)
  await call(app, 'POST', '/tags/sync', c.user.headers, { ticketId: 10, tags: [mine] })
  const foreignTag = await call(app, 'POST', '/tags/sync', c.user.headers, { ticketId: 10, tags: [mine, foreign] })
  t.equal(foreignTag.statusCode, 404)
  t.same(foreignTag.json().details, { tagIds: [foreign.id] })
  t.equal(foreignTag.json().error, 'ERR_NO_TAG_FOUND')
  t.equal((await call(app, 'POST', '/tags/sync', c.user.headers, { ticketId: 20, tags: [mine] })).json().error, 'ERR_NO_TICKET_FOUND', 'another company\'s ticket')
  t.same((await app.tags.ofTickets(c.id, [10])).get(10)!.map((x) => x.id), [mine.id], 'unchanged')
  t.same((await app.tags.ofTickets(other.id, [20])).get(20), [])
  for (const body of [{ tags: [] }, { ticketId: 0, tags: [] }, { ticketId: 10 }, { ticketId: 10, tags: ['x'] }, { ticketId: 10, tags: [{ name: 'no id' }] }]) {
    t.equal((await call(app, 'POST', '/tags/sync', c.user.headers, body)).json().error, 'ERR_VALIDATION', JSON.stringify(body))
  }
})

t.test('app.tags for the kanban and tickets plugins: add, remove, forget a ticket', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const [a, b] = [await createTag(app, c.user.headers, { name: 'Alfa' }), await createTag(app, c.user.headers, { name: 'Beta' })]
  const foreign = await createTag(app, other.user.headers)
  await app.knex.transaction(async (trx) => {
    await app.tags.addTicketTag(c.id, 5, a.id, trx)
    await app.tags.addTicketTag(c.id, 5, a.id, trx)
    await app.tags.addTicketTag(c.id, 5, b.id, trx)
  })
  t.same((await app.tags.ofTickets(c.id, [5])).get(5)!.map((x) => x.name), ['Alfa', 'Beta'], 'adding twice is a no-op')
  await t.rejects(app.knex.transaction((trx) => app.tags.addTicketTag(c.id, 5, foreign.id, trx)), { code: 'ERR_NO_TAG_FOUND' })
  await app.tags.removeTicketTags(c.id, 5, a.id)
  t.same((await app.tags.ofTickets(c.id, [5])).get(5)!.map((x) => x.name), ['Beta'])
  await app.tags.removeTicketTags(other.id, 5)
  t.equal((await app.tags.ofTickets(c.id, [5])).get(5)!.length, 1, 'another company\'s call touches nothing of this one')
  await app.tags.forgetTicket(c.id, 5)
  t.same((await app.tags.ofTickets(c.id, [5])).get(5), [])
})

t.test('tag create/update/delete reach the company\'s sockets only', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const agent = await connect(app, c.user.token, t)
  const stranger = await connect(app, other.user.token, t)
  const event = `company-${c.id}-tag`
  const tag = await createTag(app, c.admin.headers, { name: 'Ao vivo' })
  t.match((await agent.next((f) => f.event === event && f.data?.action === 'create')).data, { tag: { id: tag.id, name: 'Ao vivo', ticketsCount: 0 } })
  await call(app, 'PUT', `/tags/${tag.id}`, c.admin.headers, { color: '#000000' })
  t.match((await agent.next((f) => f.event === event && f.data?.action === 'update')).data, { tag: { id: tag.id, color: '#000000' } })
  await call(app, 'DELETE', `/tags/${tag.id}`, c.admin.headers)
  t.same((await agent.next((f) => f.event === event && f.data?.action === 'delete')).data, { action: 'delete', tagId: tag.id })
  await stranger.sync()
  t.equal(stranger.frames.filter((f) => f.event?.endsWith('-tag')).length, 0, 'the other company heard nothing')
})

t.test('app.tags.ofCompaniesTickets reads each company\'s tickets under that company only', async (t) => {
  const app = await build(t)
  const [a, b] = [await createCompanyWithUsers(app), await createCompanyWithUsers(app)]
  const [vip, lead] = [await createTag(app, a.user.headers, { name: 'VIP' }), await createTag(app, b.user.headers, { name: 'Lead' })]
  await app.knex.transaction(async (trx) => {
    await app.tags.addTicketTag(a.id, 7, vip.id, trx)
    await app.tags.addTicketTag(b.id, 8, lead.id, trx)
  })
  const got = await app.tags.ofCompaniesTickets(new Map([[a.id, [7, 8]], [b.id, [7, 8]]]))
  const names = (companyId: number, ticketId: number) => got.get(companyId)!.get(ticketId)!.map((x) => x.name)
  t.same([names(a.id, 7), names(a.id, 8), names(b.id, 7), names(b.id, 8)], [['VIP'], [], [], ['Lead']], 'a ticket id of the other company reads nothing')
  t.same(await app.tags.ofCompaniesTickets(new Map()), new Map(), 'nothing asked, nothing read')
})
