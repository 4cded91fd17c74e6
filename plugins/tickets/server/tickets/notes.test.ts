import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, createContact, createWorld, openTicket } from './test-helpers.ts'

t.test('ticket notes: add, list with the author\'s name, delete own (or as admin)', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  const add = (who: typeof w.agent, note: string) => call(app, 'POST', '/ticket-notes', who.headers, { note, ticketId: ticket.id, contactId: w.contactId })

  const created = await add(w.agent, '  Prefere contato à tarde  ')
  t.equal(created.statusCode, 201, created.body)
  t.match(created.json(), { id: Number, companyId: w.c.id, note: 'Prefere contato à tarde', ticketId: ticket.id, contactId: w.contactId, userId: w.agent.id, user: { id: w.agent.id, name: 'Agent' }, createdAt: String })
  const byAdmin = (await add(w.c.admin, 'Cliente VIP')).json()
  const list = await call(app, 'GET', `/ticket-notes/list?contactId=${w.contactId}&ticketId=${ticket.id}`, w.agent.headers)
  t.same(list.json().map((n: { note: string; user: { name: string } }) => [n.note, n.user.name]), [['Prefere contato à tarde', 'Agent'], ['Cliente VIP', 'Admin']])

  const denied = await call(app, 'DELETE', `/ticket-notes/${byAdmin.id}`, w.agent.headers)
  t.same([denied.statusCode, denied.json().error], [403, 'ERR_NO_PERMISSION'], 'not one\'s own note')
  t.equal((await call(app, 'DELETE', `/ticket-notes/${created.json().id}`, w.agent.headers)).statusCode, 204, 'one\'s own')
  t.equal((await call(app, 'DELETE', `/ticket-notes/${byAdmin.id}`, w.c.admin.headers)).statusCode, 204)
  t.same((await call(app, 'GET', `/ticket-notes/list?contactId=${w.contactId}&ticketId=${ticket.id}`, w.agent.headers)).json(), [])
  t.equal((await call(app, 'DELETE', `/ticket-notes/${byAdmin.id}`, w.c.admin.headers)).json().error, 'ERR_NO_TICKET_NOTE_FOUND')
})

t.test('ticket notes: \'Too Short!\', company scope, the ticket\'s own contact, visibility', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const stranger = await createCompanyWithUsers(app)
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  const post = (who: { headers: { authorization: string } }, body: object) => call(app, 'POST', '/ticket-notes', who.headers, { ticketId: ticket.id, contactId: w.contactId, ...body })

  for (const note of ['a', '   ', ' b ']) {
    const res = await post(w.agent, { note })
    t.same([res.statusCode, res.json().error, res.json().details], [400, 'ERR_NOTE_TOO_SHORT', [{ field: 'body/note', message: 'Too Short!' }]], JSON.stringify(note))
  }
  t.equal((await post(w.agent, { note: 'x'.repeat(5001) })).json().error, 'ERR_VALIDATION', 'too long for the schema')
  t.equal((await post(stranger.admin, { note: 'Intruso' })).json().error, 'ERR_NO_TICKET_FOUND', 'another company\'s ticket')
  t.equal((await post(w.other, { note: 'Outra fila' })).json().error, 'ERR_NO_PERMISSION', 'a ticket the agent may not open')
  t.equal((await post(w.agent, { note: 'Outro contato', contactId: await createContact(app, w.c.id, 'Outro') })).json().error, 'ERR_NO_CONTACT_FOUND', 'not the ticket\'s contact')

  const note = (await post(w.agent, { note: 'Ok' })).json()
  t.equal((await call(app, 'GET', `/ticket-notes/list?contactId=${w.contactId}&ticketId=${ticket.id}`, stranger.admin.headers)).statusCode, 404)
  t.equal((await call(app, 'GET', `/ticket-notes/list?contactId=${w.contactId}&ticketId=${ticket.id}`, w.other.headers)).statusCode, 403)
  t.equal((await call(app, 'GET', `/ticket-notes/list?ticketId=${ticket.id}`, w.agent.headers)).json().error, 'ERR_VALIDATION', 'both ids are required')
  t.equal((await call(app, 'DELETE', `/ticket-notes/${note.id}`, stranger.admin.headers)).statusCode, 404, 'another company\'s admin')
  t.equal((await app.knex('ticketNotes').where({ id: note.id })).length, 1)
})
