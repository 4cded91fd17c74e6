import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, createConnection, createContact, createQueue, createWorld, openTicket } from './test-helpers.ts'

t.test('POST /tickets opens a ticket for the caller on the default connection, in the README shape', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const events: string[] = []
  app.events.on('ticket.created', () => void events.push('created'))
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales, userId: w.agent.id, status: 'open' })
  t.match(ticket, {
    id: Number, uuid: /^[0-9a-f-]{36}$/, companyId: w.c.id, status: 'open', userId: w.agent.id, user: { id: w.agent.id, name: 'Agent' },
    queueId: w.sales, queue: { id: w.sales, name: 'Vendas', color: String }, contactId: w.contactId,
    contact: { id: w.contactId, name: 'João Silva', number: String, profilePicUrl: null, isGroup: false },
    whatsappId: w.whatsappId, whatsapp: { id: w.whatsappId, name: String }, tags: [], lastMessage: null, unreadMessages: 0,
    isGroup: false, chatbot: false, useIntegration: false, promptId: null, integrationId: null, createdAt: String, updatedAt: String,
  })
  const cycles = await app.knex('ticketCycles').where({ ticketId: ticket.id })
  t.equal(cycles.length, 1)
  t.ok(cycles[0].acceptedAt, 'opened for the caller: the cycle starts accepted')
  t.same((await call(app, 'GET', `/tickets/${ticket.id}`, w.agent.headers)).json(), ticket)
  t.same((await call(app, 'GET', `/tickets/u/${ticket.uuid}`, w.agent.headers)).json(), ticket)
  await app.events.idle()
  t.same(events, ['created'])
})

t.test('POST /tickets: queue required unless admin, ids of the company only, default connection needed', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const stranger = await createCompanyWithUsers(app)
  const foreignQueue = await createQueue(app, stranger.id, 'Alheia')
  const post = (body: object, who = w.agent) => call(app, 'POST', '/tickets', who.headers, body)

  const noQueue = await post({ contactId: w.contactId })
  t.equal(noQueue.statusCode, 400)
  t.match(noQueue.json(), { error: 'ERR_QUEUE_REQUIRED', details: [{ field: 'body/queueId', message: 'Selecione uma fila' }] })
  t.equal((await post({ contactId: w.contactId, queueId: null })).json().error, 'ERR_QUEUE_REQUIRED')
  t.equal((await post({ contactId: 999999, queueId: w.sales })).json().error, 'ERR_NO_CONTACT_FOUND')
  t.equal((await post({ contactId: w.contactId, queueId: foreignQueue })).json().error, 'ERR_NO_QUEUE_FOUND')
  t.equal((await post({ contactId: w.contactId, queueId: w.sales, userId: stranger.user.id })).json().error, 'ERR_NO_USER_FOUND')
  const foreignWapp = await createConnection(app, stranger.id)
  t.equal((await post({ contactId: w.contactId, queueId: w.sales, whatsappId: foreignWapp })).json().error, 'ERR_NO_WAPP_FOUND')
  t.equal((await app.knex('tickets')).length, 0, 'nothing was created')

  const byAdmin = await post({ contactId: w.contactId }, w.c.admin)
  t.equal(byAdmin.statusCode, 201, 'an admin may leave the queue out')
  t.match(byAdmin.json(), { queueId: null, queue: null, userId: w.c.admin.id, status: 'open' })

  const lonely = await createCompanyWithUsers(app)
  const contact = await createContact(app, lonely.id, 'Sem Conexão')
  const none = await post({ contactId: contact }, lonely.admin)
  t.equal(none.statusCode, 404)
  t.equal(none.json().error, 'ERR_NO_DEF_WAPP_FOUND')
})

t.test('one active ticket per contact and connection: ERR_OTHER_OPEN_TICKET carries the existing ticket', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const first = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  const again = await call(app, 'POST', '/tickets', w.other.headers, { contactId: w.contactId, queueId: w.support })
  t.equal(again.statusCode, 409)
  const existing = { id: first.id, uuid: first.uuid, status: 'open', userId: w.agent.id, user: { id: w.agent.id, name: 'Agent' }, queueId: w.sales, queue: { id: w.sales, name: 'Vendas', color: first.queue.color }, contactId: w.contactId, whatsappId: w.whatsappId }
  t.same(again.json(), { error: 'ERR_OTHER_OPEN_TICKET', message: JSON.stringify(existing), details: existing }, 'the message is the JSON the web app parses')
  const second = await createConnection(app, w.c.id, { isDefault: false })
  t.equal((await call(app, 'POST', '/tickets', w.other.headers, { contactId: w.contactId, queueId: w.support, whatsappId: second })).statusCode, 201, 'another connection may hold its own ticket')
})

t.test('POST /tickets without a connection goes on the caller\'s own connection (user.whatsappId), else the default', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const own = await createConnection(app, w.c.id, { isDefault: false })
  t.equal((await call(app, 'PUT', `/users/${w.agent.id}`, w.c.admin.headers, { whatsappId: own })).statusCode, 200)
  const mine = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  t.equal(mine.whatsappId, own, 'the agent\'s own connection')
  const other = await openTicket(app, w.other.headers, { contactId: await createContact(app, w.c.id, 'Outra Pessoa'), queueId: w.support })
  t.equal(other.whatsappId, w.whatsappId, 'a user without one: the company\'s default')
  const named = await openTicket(app, w.agent.headers, { contactId: await createContact(app, w.c.id, 'Terceira'), queueId: w.sales, whatsappId: w.whatsappId })
  t.equal(named.whatsappId, w.whatsappId, 'a connection named in the body wins')
})

t.test('race: two concurrent POST /tickets for one contact, exactly one succeeds', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  for (let round = 0; round < 3; round++) {
    const contactId = await createContact(app, w.c.id, `Corrida ${round}`)
    const answers = await Promise.all([w.agent, w.other, w.c.admin].map((who, i) => call(app, 'POST', '/tickets', who.headers, { contactId, queueId: i === 1 ? w.support : w.sales })))
    t.same(answers.map((a) => a.statusCode).sort(), [201, 409, 409], `round ${round}`)
    const winner = answers.find((a) => a.statusCode === 201)!.json()
    for (const lost of answers.filter((a) => a.statusCode === 409)) t.equal(lost.json().details.id, winner.id, 'the loser is told about the winner')
    t.equal((await app.knex('tickets').where({ contactId })).length, 1)
    t.equal((await app.knex('ticketCycles').where({ ticketId: winner.id })).length, 1, 'no cycle of a rolled-back ticket')
  }
})

t.test('GET /tickets/:id and /u/:uuid: 404 for other companies, 403 outside the agent\'s queues', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const stranger = await createCompanyWithUsers(app)
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  for (const url of [`/tickets/${ticket.id}`, `/tickets/u/${ticket.uuid}`]) {
    for (const who of [stranger.admin, stranger.user]) {
      const res = await call(app, 'GET', url, who.headers)
      t.same([res.statusCode, res.json().error], [404, 'ERR_NO_TICKET_FOUND'], `${url} from another company`)
    }
    const denied = await call(app, 'GET', url, w.other.headers)
    t.same([denied.statusCode, denied.json().error], [403, 'ERR_NO_PERMISSION'], `${url} by an agent of another queue ('Acesso não permitido')`)
    t.equal((await call(app, 'GET', url, w.c.admin.headers)).statusCode, 200, 'admins see every ticket')
  }
  t.equal((await call(app, 'GET', '/tickets/u/not-a-uuid', w.agent.headers)).json().error, 'ERR_VALIDATION')
  t.equal((await call(app, 'GET', `/tickets/u/${ticket.uuid.replace(/^.{8}/, '00000000')}`, w.agent.headers)).statusCode, 404)
})

t.test('DELETE /tickets/:id: permission, cascade, tag links forgotten, ticket.deleted', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const stranger = await createCompanyWithUsers(app)
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  await app.tickets.sender.enqueue(w.c.id, ticket.id, { body: 'Olá', userId: w.agent.id })
  t.equal((await call(app, 'POST', '/ticket-notes', w.agent.headers, { note: 'Cliente antigo', ticketId: ticket.id, contactId: w.contactId })).statusCode, 201)
  const tag = (await call(app, 'POST', '/tags', w.agent.headers, { name: 'Urgente' })).json()
  t.equal((await call(app, 'POST', '/tags/sync', w.agent.headers, { ticketId: ticket.id, tags: [tag] })).statusCode, 200)
  const deleted: unknown[] = []
  app.events.on('ticket.deleted', (p) => void deleted.push(p))

  t.equal((await call(app, 'DELETE', `/tickets/${ticket.id}`, w.agent.headers)).statusCode, 403, 'agents lack ticket-options:deleteTicket')
  t.equal((await call(app, 'DELETE', `/tickets/${ticket.id}`, stranger.admin.headers)).statusCode, 404, 'another company\'s admin')
  t.equal((await call(app, 'DELETE', `/tickets/${ticket.id}`, w.c.admin.headers)).statusCode, 204)
  t.equal((await call(app, 'GET', `/tickets/${ticket.id}`, w.c.admin.headers)).statusCode, 404)
  for (const table of ['messages', 'ticketNotes', 'ticketCycles', 'ticketTags', 'ticketSearchWords']) {
    t.equal((await app.knex(table).where({ ticketId: ticket.id })).length, 0, `${table} gone`)
  }
  await app.events.idle()
  t.same(deleted, [{ companyId: w.c.id, ticketId: ticket.id, queueId: w.sales, userId: w.agent.id, status: 'open' }])
})

t.test('tags: /tags/sync accepts only tickets the caller may open; a change republishes the ticket', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const stranger = await createCompanyWithUsers(app)
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  const tag = (await call(app, 'POST', '/tags', w.agent.headers, { name: 'Urgente', color: '#ff0000' })).json()
  const updates: unknown[] = []
  app.events.on('ticket.updated', (p) => void updates.push(p))
  t.equal((await call(app, 'POST', '/tags/sync', w.other.headers, { ticketId: ticket.id, tags: [tag] })).json().error, 'ERR_NO_TICKET_FOUND', 'an agent of another queue')
  const foreignTag = (await call(app, 'POST', '/tags', stranger.user.headers, { name: 'Alheia' })).json()
  t.equal((await call(app, 'POST', '/tags/sync', stranger.user.headers, { ticketId: ticket.id, tags: [foreignTag] })).json().error, 'ERR_NO_TICKET_FOUND', 'another company')
  t.equal((await call(app, 'POST', '/tags/sync', w.agent.headers, { ticketId: ticket.id, tags: [tag] })).statusCode, 200)
  t.same((await call(app, 'GET', `/tickets/${ticket.id}`, w.agent.headers)).json().tags, [{ id: tag.id, name: 'Urgente', color: '#ff0000' }])
  await app.events.idle()
  t.same(updates, [{ companyId: w.c.id, ticketId: ticket.id, previous: {} }])
})
