import t from 'tap'
import { build } from '@zapdesk/plugin-api/testing'
import { createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { automaticTextsIn } from '../automatic-texts.ts'

const RATING_OPTIONS = automaticTextsIn({}).ratingScale
import { call, createConnection, createContact, createQueue, createWorld, openTicket, sentBodies, setSetting } from './test-helpers.ts'

const texts = { greetingMessage: 'Olá {{firstName}}, sou do atendimento', complationMessage: 'Atendimento encerrado, {{name}}', ratingMessage: 'Avalie-nos' }

/** A pending ticket of `queueId` with nobody on it, as the pipeline leaves one. */
async function pendingTicket(app: Parameters<typeof createWorld>[0], w: Awaited<ReturnType<typeof createWorld>>, queueId: number | null, contactId = w.contactId) {
  return app.tickets.lifecycle.create(w.c.id, { contactId, queueId, status: 'pending' })
}

t.test('accept: pending -> open for the caller; the agent\'s greeting when sendGreetingAccepted is enabled and not a group', async (t) => {
  const app = await build(t)
  const w = await createWorld(app, texts)
  const updated: unknown[] = []
  app.events.on('ticket.updated', (p) => void updated.push(p))
  const ticket = await pendingTicket(app, w, w.sales)
  const res = await call(app, 'PUT', `/tickets/${ticket.id}`, w.agent.headers, { status: 'open', userId: w.agent.id })
  t.equal(res.statusCode, 200, res.body)
  t.match(res.json(), { status: 'open', userId: w.agent.id, queueId: w.sales })
  t.same(await sentBodies(app, ticket.id), ['Olá, João! Aqui é *Agent*, vou cuidar do seu atendimento a partir de agora.'],
    'the accepting agent introduces themself (not the connection\'s greeting, the bot\'s menu header), variables rendered')
  t.match(updated[0], { companyId: w.c.id, ticketId: ticket.id, previous: { status: 'pending', userId: null } })
  t.ok((await app.knex('ticketCycles').where({ ticketId: ticket.id }).first()).acceptedAt, 'the cycle is accepted')

  await setSetting(app, w.c.id, 'sendGreetingAccepted', 'disabled')
  const quiet = await pendingTicket(app, w, w.sales, await createContact(app, w.c.id, 'Maria'))
  await call(app, 'PUT', `/tickets/${quiet.id}`, w.agent.headers, { status: 'open' })
  t.same(await sentBodies(app, quiet.id), [], 'setting disabled: no greeting')

  await setSetting(app, w.c.id, 'sendGreetingAccepted', 'enabled')
  const group = await pendingTicket(app, w, w.sales, await createContact(app, w.c.id, 'Grupo da Família', { isGroup: true }))
  t.equal((await call(app, 'PUT', `/tickets/${group.id}`, w.agent.headers, { status: 'open' })).json().status, 'open')
  t.same(await sentBodies(app, group.id), [], 'groups get no greeting')

  await setSetting(app, w.c.id, 'language', 'es')
  const spanish = await pendingTicket(app, w, w.sales, await createContact(app, w.c.id, 'Lucía Pérez'))
  await call(app, 'PUT', `/tickets/${spanish.id}`, w.agent.headers, { status: 'open' })
  t.same(await sentBodies(app, spanish.id), ['¡Hola, Lucía! Soy *Agent* y me encargaré de su atención a partir de ahora.'], 'in the company\'s language')
})

t.test('an agent may not act on a ticket of another queue; one without a queue only with allTicket', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const ticket = await pendingTicket(app, w, w.sales)
  const denied = await call(app, 'PUT', `/tickets/${ticket.id}`, w.other.headers, { status: 'open' })
  t.same([denied.statusCode, denied.json().error], [403, 'ERR_NO_PERMISSION'])
  const stranger = await createCompanyWithUsers(app)
  t.equal((await call(app, 'PUT', `/tickets/${ticket.id}`, stranger.admin.headers, { status: 'open' })).json().error, 'ERR_NO_TICKET_FOUND')
  await app.knex('users').where({ id: w.other.id }).update({ allTicket: 'enabled' })
  t.equal((await call(app, 'PUT', `/tickets/${ticket.id}`, w.other.headers, { status: 'open' })).statusCode, 403, 'allTicket is not another queue')

  const waiting = await pendingTicket(app, w, null, await createContact(app, w.c.id, 'Sem Fila'))
  await app.knex('users').where({ id: w.other.id }).update({ allTicket: 'desabled' })
  t.equal((await call(app, 'PUT', `/tickets/${waiting.id}`, w.other.headers, { status: 'open' })).statusCode, 403, 'no queue, no allTicket')
  await app.knex('users').where({ id: w.other.id }).update({ allTicket: 'enabled' })
  t.match((await call(app, 'PUT', `/tickets/${waiting.id}`, w.other.headers, { status: 'open' })).json(), { status: 'open', userId: w.other.id })
})

t.test('return: open -> pending with the user cleared', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  t.match((await call(app, 'PUT', `/tickets/${ticket.id}`, w.agent.headers, { status: 'pending', userId: null })).json(), { status: 'pending', userId: null, user: null, queueId: w.sales })
})

t.test('resolve: closed, user and queue kept, integration and prompt cleared, completion message', async (t) => {
  const app = await build(t)
  const w = await createWorld(app, texts)
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  await call(app, 'PUT', `/tickets/${ticket.id}`, w.agent.headers, { useIntegration: true, integrationId: 3, promptId: 4 })
  t.match((await call(app, 'GET', `/tickets/${ticket.id}`, w.agent.headers)).json(), { useIntegration: true, integrationId: 3, promptId: 4, status: 'open' }, 'kept while not closing')
  const res = await call(app, 'PUT', `/tickets/${ticket.id}`, w.agent.headers, { status: 'closed' })
  t.match(res.json(), { status: 'closed', userId: w.agent.id, queueId: w.sales, useIntegration: false, integrationId: null, promptId: null, awaitingRating: false })
  t.equal((await app.knex('tickets').where({ id: ticket.id }).first()).active, null, 'no longer active: a new ticket may open')
  t.ok((await app.knex('ticketCycles').where({ ticketId: ticket.id }).first()).finishedAt, 'cycle finished')
  t.same(await sentBodies(app, ticket.id), ['Atendimento encerrado, João Silva'], 'userRating disabled: the completion message')
})

t.test('resolve with userRating enabled: rating request with the spec\'s options, awaitingRating set', async (t) => {
  const app = await build(t)
  const w = await createWorld(app, texts)
  await setSetting(app, w.c.id, 'userRating', 'enabled')
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  t.match((await call(app, 'PUT', `/tickets/${ticket.id}`, w.agent.headers, { status: 'closed' })).json(), { status: 'closed', awaitingRating: true })
  t.same(await sentBodies(app, ticket.id), [`Avalie-nos\n\n${RATING_OPTIONS}`])
  t.match(RATING_OPTIONS, /1\* - _Insatisfeito_[\s\S]*2\* - _Satisfeito_[\s\S]*3\* - _Muito Satisfeito_/)

  const noRatingText = await createConnection(app, w.c.id, { isDefault: false, complationMessage: 'Tchau' })
  const other = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales, whatsappId: noRatingText })
  t.match((await call(app, 'PUT', `/tickets/${other.id}`, w.agent.headers, { status: 'closed' })).json(), { awaitingRating: false })
  t.same(await sentBodies(app, other.id), ['Tchau'], 'no rating message on the connection: completion instead')

  const pending = await pendingTicket(app, w, w.sales, await createContact(app, w.c.id, 'Sem Atendente'))
  await app.tickets.lifecycle.close(w.c.id, pending.id, { by: null })
  t.equal((await app.knex('tickets').where({ id: pending.id }).first()).awaitingRating ? 1 : 0, 0, 'nobody served it: no rating')
  t.same(await sentBodies(app, pending.id), ['Atendimento encerrado, Sem Atendente'])

  const expired = await openTicket(app, w.agent.headers, { contactId: await createContact(app, w.c.id, 'Inativo'), queueId: w.sales })
  await app.tickets.lifecycle.close(w.c.id, expired.id, { by: null, reason: 'expired' })
  t.same(await sentBodies(app, expired.id), [], 'a sweep\'s close is quiet (it sends its own message)')
  t.equal((await app.knex('tickets').where({ id: expired.id }).first()).status, 'closed')
})

t.test('reopen: user and queue become the caller\'s; another active ticket blocks it (unique index)', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  await call(app, 'PUT', `/tickets/${ticket.id}`, w.agent.headers, { status: 'closed' })
  const reopened = await call(app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { status: 'open' })
  t.match(reopened.json(), { status: 'open', userId: w.c.admin.id, queueId: w.sales })
  t.equal((await app.knex('ticketCycles').where({ ticketId: ticket.id })).length, 2, 'a new cycle')

  await call(app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { status: 'closed' })
  const fresh = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  const blocked = await call(app, 'PUT', `/tickets/${ticket.id}`, w.other.headers, { status: 'open' })
  t.equal(blocked.statusCode, 403, 'the other agent cannot even open it (ticket of another queue)')
  await app.knex('tickets').where({ id: ticket.id }).update({ queueId: w.support })
  const conflict = await call(app, 'PUT', `/tickets/${ticket.id}`, w.other.headers, { status: 'open' })
  t.equal(conflict.statusCode, 409)
  t.match(conflict.json(), { error: 'ERR_OTHER_OPEN_TICKET', details: { id: fresh.id, userId: w.agent.id, user: { name: 'Agent' }, queue: { name: 'Vendas' } } })
  t.match((await call(app, 'GET', `/tickets/${ticket.id}`, w.c.admin.headers)).json(), { status: 'closed' }, 'nothing changed')
  t.equal((await app.knex('ticketCycles').where({ ticketId: ticket.id })).length, 2, 'no cycle of the refused reopen')
})

t.test('transfer: to a queue (pending, user cleared) or to a user; message when sendMsgTransfTicket is enabled', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const ticket = await openTicket(app, w.agent.headers, { contactId: w.contactId, queueId: w.sales })
  const toQueue = await call(app, 'PUT', `/tickets/${ticket.id}`, w.agent.headers, { queueId: w.support, userId: null, status: 'pending' })
  t.match(toQueue.json(), { status: 'pending', userId: null, queueId: w.support })
  t.same(await sentBodies(app, ticket.id), [], 'sendMsgTransfTicket is disabled by default')

  await setSetting(app, w.c.id, 'sendMsgTransfTicket', 'enabled')
  const toUser = await call(app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { queueId: w.support, userId: w.other.id, status: 'open' })
  t.match(toUser.json(), { status: 'open', userId: w.other.id })
  const back = await call(app, 'PUT', `/tickets/${ticket.id}`, w.other.headers, { queueId: w.sales })
  t.match(back.json(), { status: 'pending', userId: null, queueId: w.sales })
  t.same(await sentBodies(app, ticket.id), [
    '*Mensagem automática*:\nFoi transferido para o atendente *Outra Agente*\naguarde, já vamos te atender!',
    '*Mensagem automática*:\nVocê foi transferido para o departamento *Vendas*\naguarde, já vamos te atender!',
  ])
  await setSetting(app, w.c.id, 'language', 'en')
  await call(app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { queueId: w.support, userId: null, status: 'pending' })
  t.equal((await sentBodies(app, ticket.id)).at(-1), '*Automatic message*:\nYou were transferred to the *Suporte* department\nplease wait, we will be with you shortly!', 'in the company\'s language')
  await setSetting(app, w.c.id, 'language', 'pt')

  const stranger = await createCompanyWithUsers(app)
  const foreignQueue = await createQueue(app, stranger.id, 'Alheia')
  t.equal((await call(app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { queueId: foreignQueue })).json().error, 'ERR_NO_QUEUE_FOUND')
  t.equal((await call(app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { userId: stranger.user.id })).json().error, 'ERR_NO_USER_FOUND')
  t.equal((await call(app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { whatsappId: await createConnection(app, stranger.id) })).json().error, 'ERR_NO_WAPP_FOUND')
})

t.test('lifecycle methods for other plugins: transfer by the system, events with the old values', async (t) => {
  const app = await build(t)
  const w = await createWorld(app)
  const updates: Array<{ previous?: Record<string, unknown> }> = []
  app.events.on('ticket.updated', (p) => void updates.push(p))
  const ticket = await pendingTicket(app, w, null)
  await app.tickets.lifecycle.transfer(w.c.id, ticket.id, { queueId: w.support, by: null })
  await app.tickets.lifecycle.accept(w.c.id, ticket.id, { userId: w.other.id })
  await app.tickets.lifecycle.return(w.c.id, ticket.id, { by: w.other.id })
  await app.tickets.lifecycle.resolve(w.c.id, ticket.id, { by: w.other.id })
  await app.tickets.lifecycle.reopen(w.c.id, ticket.id, { userId: w.agent.id })
  t.match(await app.knex('tickets').where({ id: ticket.id }).first(), { status: 'open', userId: w.agent.id, queueId: w.sales })
  await app.events.idle()
  // the accept's greeting moves lastMessage too: only the lifecycle's own changes are counted here
  t.same(updates.map((u) => u.previous).filter((p) => !p || !('lastMessage' in p)), [
    { queueId: null }, { status: 'pending', userId: null }, { status: 'open', userId: w.other.id },
    { status: 'pending', userId: null }, { status: 'closed', userId: w.other.id, queueId: w.support },
  ])
  await t.rejects(app.tickets.lifecycle.close(w.c.id, 999999, { by: null }), { code: 'ERR_NO_TICKET_FOUND' })
})
