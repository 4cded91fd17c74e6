import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '@zapdesk/plugin-api/testing'
import { call, createContact, createWorld, type Headers, type World } from './test-helpers.ts'

/** Names of the tickets' contacts in a GET /tickets answer, in order. */
async function listed(app: FastifyInstance, headers: Headers, query = ''): Promise<string[]> {
  const res = await call(app, 'GET', `/tickets${query}`, headers)
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`)
  return res.json().tickets.map((x: { contact: { name: string } }) => x.contact.name)
}

/**
 * Six tickets, oldest update first: Ana (pending, sales), Bruno (pending, support), Carla (open, agent, sales),
 * Davi (open, other agent, support), Elis (pending, no queue), Fábio (closed, agent, sales).
 */
async function sixTickets(app: FastifyInstance, w: World): Promise<Record<string, number>> {
  const lc = app.tickets.lifecycle
  const contact = (name: string) => createContact(app, w.c.id, name)
  const ids: Record<string, number> = {}
  ids.Ana = (await lc.create(w.c.id, { contactId: await contact('Ana Souza'), queueId: w.sales, status: 'pending' })).id
  ids.Bruno = (await lc.create(w.c.id, { contactId: await contact('Bruno'), queueId: w.support, status: 'pending' })).id
  ids.Carla = (await lc.create(w.c.id, { contactId: await contact('Carla'), queueId: w.sales, userId: w.agent.id })).id
  ids.Davi = (await lc.create(w.c.id, { contactId: await contact('Davi'), queueId: w.support, userId: w.other.id })).id
  ids.Elis = (await lc.create(w.c.id, { contactId: await contact('Elis'), queueId: null, status: 'pending' })).id
  ids.Fabio = (await lc.create(w.c.id, { contactId: await contact('Fábio'), queueId: w.sales, userId: w.agent.id })).id
  await lc.close(w.c.id, ids.Fabio, { by: w.agent.id })
  let minute = 0
  for (const id of Object.values(ids)) await app.knex('tickets').where({ id }).update({ updatedAt: new Date(Date.UTC(2026, 0, 10, 12, minute++)) })
  return ids
}

t.test('visibility: own tickets and pending ones of one\'s queues; without a queue only with allTicket; showAll only with the permission', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  await sixTickets(app, w)
  await app.knex('users').where({ id: w.agent.id }).update({ allTicket: 'desabled' })
  t.same(await listed(app, w.agent.headers), ['Fábio', 'Carla', 'Ana Souza'], 'agent of sales, newest update first')
  t.same(await listed(app, w.agent.headers, '?showAll=true'), ['Fábio', 'Carla', 'Ana Souza'], 'showAll without tickets-manager:showall changes nothing')
  t.same(await listed(app, w.other.headers), ['Davi', 'Bruno'], 'agent of support')
  t.same(await listed(app, w.c.admin.headers), ['Elis'], 'an admin without queues and without showAll: pending without queue')
  t.same(await listed(app, w.c.admin.headers, '?showAll=true'), ['Fábio', 'Elis', 'Davi', 'Carla', 'Bruno', 'Ana Souza'], 'admin with showAll: everything')
  await app.knex('users').where({ id: w.agent.id }).update({ allTicket: 'enabled' })
  t.same(await listed(app, w.agent.headers, '?status=pending'), ['Elis', 'Ana Souza'], 'allTicket: the waiting ones without a queue too, not other queues\' ones')
  t.same(await listed(app, w.agent.headers, '?status=open'), ['Carla'], 'but not other agents\' open tickets')
  const outsider = await createWorld(app)
  t.same(await listed(app, outsider.agent.headers, '?showAll=true'), [], 'another company sees nothing')
  t.same(await listed(app, outsider.c.admin.headers, '?showAll=true'), [])
})

t.test('own work by status (its own, narrower condition) is own work with that status, for agents and admins', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  await sixTickets(app, w)
  for (const allTicket of ['desabled', 'enabled']) {
    await app.knex('users').where({ id: w.agent.id }).update({ allTicket })
    for (const [who, headers] of [['agent', w.agent.headers], ['other agent', w.other.headers], ['admin', w.c.admin.headers]] as const) {
      const res = await call(app, 'GET', '/tickets', headers)
      const all = res.json().tickets as Array<{ status: string; contact: { name: string } }>
      for (const status of ['open', 'pending', 'closed']) {
        const expected = all.filter((x) => x.status === status).map((x) => x.contact.name)
        t.same(await listed(app, headers, `?status=${status}`), expected, `${who} (allTicket ${allTicket}), ${status}: ${expected.join(', ') || 'none'}`)
      }
    }
  }
})

t.test('filters: status, queues (with tickets without a queue), users, tags (all of them), unread, dates', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const ids = await sixTickets(app, w)
  const admin = (q: string) => listed(app, w.c.admin.headers, `?showAll=true&${q}`)
  t.same(await admin('status=closed'), ['Fábio'])
  t.same(await admin('status=pending'), ['Elis', 'Bruno', 'Ana Souza'])
  t.same(await admin(`queueIds=${encodeURIComponent(JSON.stringify([w.support]))}`), ['Elis', 'Davi', 'Bruno'])
  t.same(await admin(`users=${encodeURIComponent(JSON.stringify([w.agent.id]))}`), ['Fábio', 'Carla'])
  const [vip, late] = [(await call(app, 'POST', '/tags', w.c.admin.headers, { name: 'VIP' })).json(), (await call(app, 'POST', '/tags', w.c.admin.headers, { name: 'Atrasado' })).json()]
  await call(app, 'POST', '/tags/sync', w.c.admin.headers, { ticketId: ids.Ana, tags: [vip, late] })
  await call(app, 'POST', '/tags/sync', w.c.admin.headers, { ticketId: ids.Davi, tags: [vip] })
  t.same(await admin(`tags=${encodeURIComponent(JSON.stringify([vip.id]))}`), ['Davi', 'Ana Souza'])
  t.same(await admin(`tags=${encodeURIComponent(JSON.stringify([vip.id, late.id]))}`), ['Ana Souza'], 'every tag must be on the ticket')
  t.same(await admin(`tags=${encodeURIComponent(JSON.stringify([{ id: late.id }]))}`), ['Ana Souza'], 'tag objects as the web app holds them')
  await app.knex('tickets').where({ id: ids.Bruno }).update({ unreadMessages: 3 })
  t.same(await admin('withUnreadMessages=true'), ['Bruno'])
  await app.knex('tickets').where({ id: ids.Carla }).update({ createdAt: new Date('2026-01-05T10:00:00Z') })
  t.same(await admin('date=2026-01-05'), ['Carla'])
  t.same(await admin('updatedAt=2026-01-10'), ['Fábio', 'Elis', 'Davi', 'Carla', 'Bruno', 'Ana Souza'])
  t.same(await admin('updatedAt=2026-01-11'), [])
  // Days are the company's (São Paulo, UTC-3): 01:30 UTC on the 6th is 22:30 on the 5th there.
  await app.knex('tickets').where({ id: ids.Davi }).update({ createdAt: new Date('2026-01-06T01:30:00Z') })
  t.same(await admin('date=2026-01-05'), ['Davi', 'Carla'], 'a ticket of the company\'s evening is that day\'s')
  t.same(await admin('date=2026-01-06'), [], 'not the UTC day it fell on')
  await app.knex('companies').where({ id: w.c.id }).update({ timezone: 'UTC' })
  t.same(await admin('date=2026-01-06'), ['Davi'], 'a company on UTC: the UTC day')
})

t.test('bad JSON in tags, users or queueIds is a 400 with a code, never a 500', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  for (const [field, value] of [['tags', '[1,'], ['users', '{"a":1}'], ['queueIds', '["x"]'], ['tags', '[-1]'], ['users', '[1.5]'], ['queueIds', 'null'], ['tags', JSON.stringify(Array.from({ length: 101 }, (_, i) => i + 1))]]) {
    const res = await call(app, 'GET', `/tickets?${field}=${encodeURIComponent(value)}`, w.agent.headers)
    t.equal(res.statusCode, 400, `${field}=${value.slice(0, 20)}`)
    t.match(res.json(), { error: 'ERR_VALIDATION', details: [{ field: `querystring/${field}` }] })
  }
  t.equal((await call(app, 'GET', '/tickets?tags=&users=%5B%5D', w.agent.headers)).statusCode, 200, 'empty values filter nothing')
})

t.test('search: contact name (any word) and number prefixes, and message words through the word index', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const ids = await sixTickets(app, w)
  await app.knex('contacts').where({ name: 'Carla' }).update({ number: '5581999990000' })
  await app.tickets.sender.enqueue(w.c.id, ids.Davi, { body: 'Seu pedido nº 4471 saiu para entrega' })
  const find = (term: string) => listed(app, w.c.admin.headers, `?showAll=true&searchParam=${encodeURIComponent(term)}`)
  t.same(await find('ana'), ['Ana Souza'], 'first-name prefix')
  t.same(await find('SOUZ'), ['Ana Souza'], 'a later word, any case')
  t.same(await find('fabio'), ['Fábio'], 'accents ignored')
  t.same(await find('55819'), ['Carla'], 'number prefix')
  t.same(await find('pedi entreg'), ['Davi'], 'every word of the term starts a word of a message')
  t.same(await find('4471'), ['Davi'])
  t.same(await find('pedido ana'), [], 'words are ANDed')
  t.same(await find('%'), [], 'wildcards match themselves')
  t.same(await listed(app, w.other.headers, `?searchParam=ana`), [], 'search keeps the visibility rule')
})

t.test('search: a contact or a message word matches, newest first, with the visibility rule', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const ids = await sixTickets(app, w)
  await app.tickets.sender.enqueue(w.c.id, ids.Ana, { body: 'Falei com o Davi ontem' })
  await app.tickets.sender.enqueue(w.c.id, ids.Bruno, { body: 'Obrigado, Davi resolveu' })
  const find = (term: string) => listed(app, w.c.admin.headers, `?showAll=true&searchParam=${encodeURIComponent(term)}`)
  t.same((await find('davi')).sort(), ['Ana Souza', 'Bruno', 'Davi'], 'by its contact or by its messages')
  t.same(await find('zzzz'), [], 'nothing matches: an empty page')
  t.same(await listed(app, w.agent.headers, '?searchParam=davi'), ['Ana Souza'], 'the visibility rule still applies (Davi is another agent\'s, Bruno another queue\'s)')
})

t.test('search pages: the matches of both sides interleaved by last update, 40 a page, under the list\'s filters', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  // 90 tickets: a third match by their contact's name, a third by a message, a third do not match; every fifth is closed.
  const expected: Array<{ id: number; at: number; closed: boolean }> = []
  for (let i = 0; i < 90; i++) {
    const kind = i % 3
    const ticket = await app.tickets.lifecycle.create(w.c.id, { contactId: await createContact(app, w.c.id, kind === 0 ? `Vitória Paz ${i}` : `Cliente ${i}`), queueId: w.sales, userId: w.agent.id })
    if (kind === 1) await app.tickets.sender.enqueue(w.c.id, ticket.id, { body: `Pedido da vitoria nº ${i}` })
    const at = Date.UTC(2026, 0, 1, 0, (i * 37) % 90)
    const closed = i % 5 === 0
    await app.knex('tickets').where({ id: ticket.id }).update({ updatedAt: new Date(at), ...(closed ? { status: 'closed' } : {}) })
    if (kind !== 2) expected.push({ id: ticket.id, at, closed })
  }
  const order = (rows: typeof expected) => rows.sort((a, b) => b.at - a.at || b.id - a.id).map((r) => r.id)
  const pages = async (filter: string) => {
    const out: number[] = []
    for (let page = 1; ; page++) {
      const res = (await call(app, 'GET', `/tickets?showAll=true&searchParam=vitor${filter}&pageNumber=${page}`, w.c.admin.headers)).json()
      out.push(...res.tickets.map((x: { id: number }) => x.id))
      t.equal(res.tickets.length, res.hasMore ? 40 : out.length - (page - 1) * 40, `page ${page}${filter}: 40 when more follow`)
      if (!res.hasMore) return out
    }
  }
  t.same(await pages(''), order([...expected]), 'every match once, newest first, across pages')
  t.same(await pages('&status=open'), order(expected.filter((r) => !r.closed)), 'the status filter applies to both sides')
})

t.test('pages of 40 by last update, hasMore from one extra row', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  for (let i = 0; i < 41; i++) {
    const ticket = await app.tickets.lifecycle.create(w.c.id, { contactId: await createContact(app, w.c.id, `Cliente ${String(i).padStart(2, '0')}`), queueId: w.sales, userId: w.agent.id })
    await app.knex('tickets').where({ id: ticket.id }).update({ updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })
  }
  const first = (await call(app, 'GET', '/tickets?pageNumber=1', w.agent.headers)).json()
  t.equal(first.tickets.length, 40)
  t.equal(first.hasMore, true)
  t.equal(first.tickets[0].contact.name, 'Cliente 40')
  const second = (await call(app, 'GET', '/tickets?pageNumber=2', w.agent.headers)).json()
  t.same([second.tickets.map((x: { contact: { name: string } }) => x.contact.name), second.hasMore], [['Cliente 00'], false])
})

t.test('later pages and search pages keep the order of equal update times: the higher id first, each ticket once', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  // 85 tickets, three to an update time: ties across the pages' ends (40, 80).
  const tickets: Array<{ id: number; at: number }> = []
  for (let i = 0; i < 85; i++) {
    const ticket = await app.tickets.lifecycle.create(w.c.id, { contactId: await createContact(app, w.c.id, `Empate ${i}`), queueId: w.sales, userId: w.agent.id })
    const at = Date.UTC(2026, 0, 1, 0, Math.floor(i / 3) * 7 % 29)
    await app.knex('tickets').where({ id: ticket.id }).update({ updatedAt: new Date(at) })
    tickets.push({ id: ticket.id, at })
  }
  const expected = tickets.sort((a, b) => b.at - a.at || b.id - a.id).map((r) => r.id)
  for (const query of ['?showAll=true', '?showAll=true&searchParam=empate']) {
    const out: number[] = []
    for (let page = 1; page <= 3; page++) {
      const res = (await call(app, 'GET', `/tickets${query}&pageNumber=${page}`, w.c.admin.headers)).json()
      out.push(...res.tickets.map((x: { id: number }) => x.id))
      t.equal(res.hasMore, page < 3, `${query} page ${page}: hasMore`)
    }
    t.same(out, expected, `${query}: newest first, ties by id, across pages`)
  }
})
