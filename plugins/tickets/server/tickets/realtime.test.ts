import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers, createUser } from '@zapdesk/plugin-api/testing'
import { connect, type Frame, type TestSocket } from '@zapdesk/plugin-api/testing'
import { call, createWorld, linkQueues } from './test-helpers.ts'

/** Frames of a socket about one ticket (ticket or appMessage topic), after everything sent so far has arrived. */
async function aboutTicket(s: TestSocket, ticketId: number): Promise<Frame[]> {
  await s.sync()
  return s.frames.filter((f) => f.event && (f.data?.ticketId === ticketId || (f.data?.ticket as { id?: number } | undefined)?.id === ticketId))
}

const actions = (frames: Frame[]) => frames.map((f) => `${f.event!.replace(/^company-\d+-/, '')}:${f.data!.action}`)

t.test('ticket and appMessage frames reach only the sockets that may see the ticket', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const stranger = await createCompanyWithUsers(app)
  const notified = await createUser(app, w.c.id, { name: 'Notificada', allTicket: 'enabled' })
  await linkQueues(app, w.c.id, notified.id, [w.support])
  const [admin, agent, other, bell, outsider] = await Promise.all([w.c.admin, w.agent, w.other, notified, stranger.admin].map((u) => connect(app, u.token, t)))

  const ticket = await app.tickets.lifecycle.create(w.c.id, { contactId: w.contactId, queueId: w.sales, status: 'pending' })
  const created = await agent.next((f) => f.event === `company-${w.c.id}-ticket` && f.data?.action === 'update')
  t.match(created.data, { action: 'update', ticket: { id: ticket.id, status: 'pending', queueId: w.sales, contact: { name: 'João Silva' } } })
  t.same(actions(await aboutTicket(admin, ticket.id)), ['ticket:update'], 'admins see every ticket')
  t.same(await aboutTicket(bell, ticket.id), [], 'allTicket is about tickets without a queue, not other queues')
  t.same(await aboutTicket(other, ticket.id), [], 'an agent of another queue hears nothing')
  t.same(await aboutTicket(outsider, ticket.id), [], 'another company hears nothing')

  await app.tickets.sender.enqueue(w.c.id, ticket.id, { body: 'Olá!' })
  const message = await agent.next((f) => f.event === `company-${w.c.id}-appMessage`)
  t.match(message.data, { action: 'create', message: { ticketId: ticket.id, body: 'Olá!', fromMe: true }, ticket: { id: ticket.id }, contact: { id: w.contactId, name: 'João Silva' } })
  app.events.emit('ticket.unreadChanged', { companyId: w.c.id, ticketId: ticket.id, unreadMessages: 2 })
  t.same((await agent.next((f) => f.data?.action === 'updateUnread')).data, { action: 'updateUnread', ticketId: ticket.id })
  await app.events.idle()
  for (const s of [other, outsider, bell]) t.same(await aboutTicket(s, ticket.id), [], 'still nothing for those who may not see it')

  await call(app, 'PUT', `/tickets/${ticket.id}`, w.agent.headers, { status: 'open' })
  await app.events.idle()

  // Transferred to support: both queues hear of it (the sales list drops it, the support list shows it).
  await call(app, 'PUT', `/tickets/${ticket.id}`, w.agent.headers, { queueId: w.support, userId: null, status: 'pending' })
  const moved = await other.next((f) => f.event === `company-${w.c.id}-ticket`)
  t.match(moved.data, { action: 'update', ticket: { queueId: w.support, status: 'pending', userId: null } })
  t.match((await agent.next((f) => (f.data?.ticket as { queueId?: number } | undefined)?.queueId === w.support)).data, { action: 'update' }, 'the previous queue hears of the transfer')
  await app.events.idle()
  t.same(actions(await aboutTicket(bell, ticket.id)), ['ticket:update'], 'the support agent gets it once, not once per audience')

  t.equal((await call(app, 'DELETE', `/tickets/${ticket.id}`, w.c.admin.headers)).statusCode, 204)
  t.same((await other.next((f) => f.data?.action === 'delete')).data, { action: 'delete', ticketId: ticket.id })
  await app.events.idle()
  t.same(actions(await aboutTicket(agent, ticket.id)).filter((a) => a === 'ticket:delete'), [], 'sales no longer holds it: no delete for its agent')
  t.same(await aboutTicket(outsider, ticket.id), [], 'another company never heard a thing')
})

t.test('a ticket without a queue reaches admins and those who see tickets without a queue (allTicket), until it is routed', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const plain = await createUser(app, w.c.id, { name: 'Sem permissão' })
  await linkQueues(app, w.c.id, plain.id, [w.sales])
  const [admin, allowed, other, salesAgent] = await Promise.all([w.c.admin, w.agent, w.other, plain].map((u) => connect(app, u.token, t)))

  const ticket = await app.tickets.lifecycle.create(w.c.id, { contactId: w.contactId, queueId: null, status: 'pending' })
  await app.events.idle()
  t.same(actions(await aboutTicket(admin, ticket.id)), ['ticket:update'])
  t.same(actions(await aboutTicket(allowed, ticket.id)), ['ticket:update'], 'allTicket enabled (the fixture agent)')
  t.same(await aboutTicket(other, ticket.id), [], 'allTicket disabled: nothing')
  t.same(await aboutTicket(salesAgent, ticket.id), [], 'allTicket disabled: nothing')
  t.equal((await call(app, 'GET', `/tickets/${ticket.id}`, plain.headers)).statusCode, 403, 'nor may they open it')

  // Routed to sales (the customer picked it): the sales agents hear of it, the support agent still does not.
  await app.tickets.lifecycle.change(w.c.id, ticket.id, { queueId: w.sales }, { userId: null, queueIds: [], isAdmin: false })
  await app.events.idle()
  const routed = await aboutTicket(salesAgent, ticket.id)
  t.same(actions(routed), ['ticket:update'])
  t.equal(routed[0].data!.joinedQueue, true, 'marked: a customer now waits in their queue (the web rings)')
  t.same(await aboutTicket(other, ticket.id), [])
  t.equal(actions(await aboutTicket(allowed, ticket.id)).length, 2, 'the allTicket user hears it leave "no queue"')
})

t.test('chatBox room: joinable only for a ticket of one\'s company that one may open', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const stranger = await createCompanyWithUsers(app)
  const ticket = await app.tickets.lifecycle.create(w.c.id, { contactId: w.contactId, queueId: w.sales, userId: w.agent.id })
  const join = async (token: string, ticketId: unknown) => {
    const s = await connect(app, token, t)
    s.send({ type: 'joinChatBox', ticketId })
    return s.next((f) => f.type === 'joined' || f.type === 'error')
  }
  t.match(await join(w.agent.token, ticket.id), { type: 'joined', room: `chatBox:${ticket.id}` })
  t.match(await join(w.c.admin.token, String(ticket.id)), { type: 'joined' })
  t.match(await join(w.other.token, ticket.id), { type: 'error', error: 'ERR_NO_PERMISSION' }, 'an agent of another queue')
  t.match(await join(stranger.admin.token, ticket.id), { type: 'error', error: 'ERR_NO_PERMISSION' }, 'another company')
  for (const bad of ['abc', -1, 99999999999, '1 OR 1=1']) t.match(await join(w.c.admin.token, bad), { type: 'error', error: 'ERR_NO_PERMISSION' }, `arg ${bad}`)
})
