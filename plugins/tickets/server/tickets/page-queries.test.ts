import t, { type Test as Tap } from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '@zapdesk/plugin-api/testing'
import { call, createContact, createWorld, type World } from './test-helpers.ts'

/** The statements one request sends (knex's 'query' events while it runs alone). */
async function statementsOf(app: FastifyInstance, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  const listen = (q: { sql: string }) => void seen.push(q.sql)
  app.knex.on('query', listen)
  try {
    await run()
  } finally {
    app.knex.off('query', listen)
  }
  return seen
}

async function taggedTicket(t: Tap, app: FastifyInstance, w: World): Promise<{ ticketId: number; tagIds: number[] }> {
  const ticket = await app.tickets.lifecycle.create(w.c.id, { contactId: w.contactId, queueId: w.sales, userId: w.agent.id, whatsappId: w.whatsappId })
  const tagIds: number[] = []
  for (const name of ['zeta', 'Alfa', 'beta']) {
    const res = await call(app, 'POST', '/tags', w.c.admin.headers, { name, color: '#112233' })
    tagIds.push(res.json().id)
  }
  t.equal((await call(app, 'POST', '/tags/sync', w.c.admin.headers, { ticketId: ticket.id, tags: tagIds.map((id) => ({ id })) })).statusCode, 200)
  return { ticketId: ticket.id, tagIds }
}

t.test('a page of tickets is one query once the session and the company\'s queues, connections and tags are kept', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const { ticketId } = await taggedTicket(t, app, w)
  await createContact(app, w.c.id, 'Outro')
  const list = () => call(app, 'GET', '/tickets?status=open&showAll=true', w.c.admin.headers)
  await list()
  let answer: Awaited<ReturnType<typeof list>> | undefined
  const statements = await statementsOf(app, async () => (answer = await list()))
  t.equal(statements.length, 1, `one statement: ${statements.join(' | ')}`)
  const [ticket] = answer!.json().tickets
  t.equal(ticket.id, ticketId)
  t.match(ticket, { contact: { id: w.contactId, name: 'João Silva', isGroup: false }, queue: { id: w.sales, name: 'Vendas' }, whatsapp: { id: w.whatsappId } })
  t.same(ticket.tags.map((g: { name: string }) => g.name), ['Alfa', 'beta', 'zeta'], 'tags in name order, as before')

  const messages = () => call(app, 'GET', `/messages/${ticketId}?peek=true`, w.c.admin.headers)
  await messages()
  const onPage = await statementsOf(app, messages)
  t.equal(onPage.length, 2, `a ticket's messages page: the ticket and the page (${onPage.join(' | ')})`)
})

t.test('a renamed tag, contact, queue or holder shows on the next page; another company\'s tag, contact or user linked by hand never does', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const other = await createWorld(app)
  const { ticketId, tagIds } = await taggedTicket(t, app, w)
  const first = async () => (await call(app, 'GET', '/tickets?status=open&showAll=true', w.c.admin.headers)).json().tickets[0]
  await first()
  const renamed = await call(app, 'PUT', `/tags/${tagIds[0]}`, w.c.admin.headers, { name: 'ômega', color: '#445566' })
  t.equal(renamed.statusCode, 200, renamed.body)
  t.equal((await call(app, 'PUT', `/queue/${w.sales}`, w.c.admin.headers, { name: 'Vendas B2B', color: '#778899' })).statusCode, 200)
  await app.knex('contacts').where({ id: w.contactId }).update({ name: 'João S.' })
  const agentName = (await app.knex('users').where({ id: w.agent.id }).first('name')).name
  t.same((await first()).user, { id: w.agent.id, name: agentName })
  await app.knex('users').where({ id: w.agent.id }).update({ name: 'Agente Renomeada' })
  const ticket = await first()
  t.same(ticket.user, { id: w.agent.id, name: 'Agente Renomeada' }, 'the holder\'s new name (its kept names dropped by the write)')
  t.same(ticket.tags.map((g: { name: string; color: string }) => [g.name, g.color]), [['Alfa', '#112233'], ['beta', '#112233'], ['ômega', '#445566']])
  t.equal(ticket.queue.name, 'Vendas B2B')
  t.equal(ticket.contact.name, 'João S.')

  const foreignTag = (await call(app, 'POST', '/tags', other.c.admin.headers, { name: 'alheia', color: '#000000' })).json().id
  await app.knex('ticketTags').insert({ companyId: w.c.id, ticketId, tagId: foreignTag })
  const foreignContact = await createContact(app, other.c.id, 'De outra empresa')
  await app.knex('tickets').where({ id: ticketId }).update({ contactId: foreignContact })
  const foreignUser = (await app.knex('users').where({ companyId: other.c.id }).first('id')).id
  await app.knex('tickets').where({ id: ticketId }).update({ userId: foreignUser })
  const after = await first()
  t.equal(after.user, null, 'a user of another company is not shown')
  t.notOk(after.tags.some((g: { id: number }) => g.id === foreignTag), 'a tag of another company is not shown')
  t.equal(after.contact.name, '', 'a contact of another company is not shown')
  const page = (await call(app, 'GET', `/messages/${ticketId}?peek=true`, w.c.admin.headers)).json()
  t.notOk(page.ticket.tags.some((g: { id: number }) => g.id === foreignTag))
  t.equal(page.ticket.contact.name, '')
  t.equal(page.ticket.user, null)
})
