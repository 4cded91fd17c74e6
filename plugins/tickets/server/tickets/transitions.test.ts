import t from 'tap'
import { planTransition, type Actor } from './transitions.ts'

const base = { status: 'open' as const, userId: 7, queueId: 1, whatsappId: 3, useIntegration: true, promptId: 4, integrationId: 5, chatbot: false, transferAt: null, queueOptionId: null, awaitingRating: false }
const agent: Actor = { userId: 7, queueIds: [1], isAdmin: false }
const other: Actor = { userId: 8, queueIds: [2, 3], isAdmin: false }

t.test('accept: pending -> open, held by the actor (or the named user), cycle accepted', async (t) => {
  const p = planTransition({ ...base, status: 'pending', userId: null, chatbot: true }, { status: 'open' }, agent)
  t.same(p, { kind: 'accept', patch: { status: 'open', userId: 7, chatbot: false, active: 1 }, cycle: 'accept', transferredTo: null })
  t.same(planTransition({ ...base, status: 'pending', userId: null }, { status: 'open', userId: 7 }, agent).kind, 'accept', 'naming oneself')
  t.same(planTransition({ ...base, status: 'pending', userId: null }, { status: 'open', userId: 9 }, agent), { kind: 'transfer', patch: { status: 'open', userId: 9, active: 1 }, cycle: 'accept', transferredTo: 'user' }, 'opening it for someone else hands it over')
})

t.test('return: open -> pending, user cleared', async (t) => {
  t.same(planTransition(base, { status: 'pending' }, agent), { kind: 'return', patch: { status: 'pending', userId: null, active: 1 }, cycle: null, transferredTo: null })
  t.equal(planTransition(base, { userId: null }, agent).kind, 'return', 'clearing the user of an open ticket returns it')
})

t.test('close: user kept, queue kept, integration and prompt dropped, active cleared', async (t) => {
  const p = planTransition(base, { status: 'closed', queueId: 9, userId: 8, useIntegration: true }, other)
  t.same(p, { kind: 'close', patch: { status: 'closed', useIntegration: false, promptId: null, integrationId: null, active: null }, cycle: 'finish', transferredTo: null })
  t.equal(planTransition({ ...base, status: 'pending', userId: null }, { status: 'closed' }, other).patch.userId, 8, 'closing a ticket nobody held makes the closer its user')
  t.same(planTransition({ ...base, status: 'closed' }, { status: 'closed' }, agent).patch, {}, 'closing a closed ticket changes nothing')
})

t.test('reopen: user and queue become the actor\'s', async (t) => {
  const closed = { ...base, status: 'closed' as const, userId: 7, queueId: 1, useIntegration: false, promptId: null, integrationId: null, awaitingRating: true }
  t.same(planTransition(closed, { status: 'open' }, other), { kind: 'reopen', patch: { status: 'open', userId: 8, queueId: 2, awaitingRating: false, active: 1 }, cycle: 'start', transferredTo: null })
  t.same(planTransition(closed, { status: 'open' }, agent).patch, { status: 'open', awaitingRating: false, active: 1 }, 'the agent\'s own queue is kept')
  t.equal(planTransition(closed, { status: 'open' }, { userId: 1, queueIds: [], isAdmin: true }).patch.queueId, undefined, 'an admin keeps the queue')
  t.equal(planTransition(closed, { status: 'open', queueId: 3 }, other).patch.queueId, 3, 'a named queue wins')
  t.equal(planTransition(closed, { status: 'open' }, { userId: 9, queueIds: [], isAdmin: false }).patch.queueId, undefined, 'an agent without queues leaves it')
})

t.test('transfer: a queue without a user waits pending; a user takes it', async (t) => {
  t.same(planTransition(base, { queueId: 2, userId: null }, agent), { kind: 'transfer', patch: { status: 'pending', userId: null, queueId: 2, active: 1 }, cycle: null, transferredTo: 'queue' })
  t.same(planTransition(base, { queueId: 2 }, agent).patch, { status: 'pending', userId: null, queueId: 2, active: 1 }, 'no user named: cleared')
  t.same(planTransition(base, { status: 'open', userId: 8, queueId: 2 }, agent), { kind: 'transfer', patch: { userId: 8, queueId: 2 }, cycle: 'accept', transferredTo: 'user' })
  t.same(planTransition(base, { queueId: 2, userId: 7 }, agent), { kind: 'transfer', patch: { queueId: 2 }, cycle: 'accept', transferredTo: 'queue' }, 'same user, new queue')
  t.same(planTransition({ ...base, status: 'pending', userId: null }, { queueId: 2, userId: null, status: 'pending' }, agent).transferredTo, 'queue')
  t.same(planTransition({ ...base, status: 'pending', userId: null }, { userId: 8 }, agent).patch, { userId: 8 }, 'a pending ticket handed to a user stays pending')
})

t.test('integration, prompt and connection ids are kept when not closing', async (t) => {
  t.same(planTransition(base, { useIntegration: false, promptId: null, integrationId: 6, whatsappId: 4 }, agent).patch, { useIntegration: false, promptId: null, integrationId: 6, whatsappId: 4 })
  t.equal(planTransition(base, { promptId: 4 }, agent).kind, 'edit')
  t.same(planTransition(base, { status: 'open' }, agent).patch, {}, 'nothing changes')
})

t.test('an open ticket always has a user', async (t) => {
  t.throws(() => planTransition({ ...base, status: 'pending', userId: null }, { status: 'open' }, { userId: null, queueIds: [], isAdmin: false }), { code: 'ERR_VALIDATION' })
})
