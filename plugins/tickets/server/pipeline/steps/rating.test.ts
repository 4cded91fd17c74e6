import t from 'tap'
import { world, type World } from '../test-helpers.ts'

/** A ticket the agent served and resolved with the company asking for ratings: it now waits for the answer. */
async function ratedWorld(t: Parameters<typeof world>[0]): Promise<World & { closedId: number }> {
  const w = await world(t, { ratingMessage: 'Avalie nosso atendimento', complationMessage: 'Obrigado, {{firstName}}!' })
  await w.setting('userRating', 'enabled')
  await w.inject({ id: 'ask', name: 'Carla Dias', body: 'Preciso de ajuda' })
  const [ticket] = await w.tickets()
  await w.app.tickets.lifecycle.accept(w.c.id, ticket.id, { userId: w.c.user.id })
  await w.app.tickets.lifecycle.resolve(w.c.id, ticket.id, { by: w.c.user.id })
  const [closed] = await w.tickets()
  if (!closed.awaitingRating) throw new Error('the lifecycle did not ask for a rating')
  return { ...w, closedId: closed.id }
}

t.test('a rating answer is recorded once on the closed ticket, thanked, and opens no ticket', async (t) => {
  const w = await ratedWorld(t)
  const sentBefore = (await w.sent()).length
  await w.inject({ id: 'r1', body: ' 2 ' })
  await w.inject({ id: 'r1', body: ' 2 ' })
  const tickets = await w.tickets()
  t.equal(tickets.length, 1, 'no new ticket')
  t.match(tickets[0], { id: w.closedId, status: 'closed', awaitingRating: false, lastMessage: 'Obrigado, Carla!' })
  const ratings = await w.app.knex('ticketRatings').where({ companyId: w.c.id })
  t.match(ratings, [{ ticketId: w.closedId, userId: w.c.user.id, rate: 2 }], 'one rating, for the agent who served')
  t.equal((await w.messages({ externalId: 'r1' }))[0].ticketId, w.closedId, 'the answer is kept with the ticket it rates')
  t.same((await w.sent()).slice(sentBefore), ['Obrigado, Carla!'], 'the completion message, rendered')

  await w.inject({ id: 'r2', body: '3' })
  const after = await w.tickets()
  t.equal(after.length, 2, 'once answered, a digit is just a message: it opens a ticket')
  t.match(after[1], { status: 'pending', unreadMessages: 1, lastMessage: '3' })
  t.equal((await w.app.knex('ticketRatings').where({ companyId: w.c.id })).length, 1)
})

t.test('any other message ends the wait and is handled as usual', async (t) => {
  const w = await ratedWorld(t)
  await w.inject({ id: 'x1', body: 'Obrigada pela ajuda!' })
  const [closed, fresh] = await w.tickets()
  t.match(closed, { id: w.closedId, status: 'closed', awaitingRating: false })
  t.match(fresh, { status: 'pending', unreadMessages: 1 })
  await w.inject({ id: 'x2', body: '1' })
  t.equal((await w.app.knex('ticketRatings').where({ companyId: w.c.id })).length, 0, 'a late digit rates nothing')
  t.equal((await w.tickets({ id: fresh.id }))[0].unreadMessages, 2, 'it is a message of the new ticket')
})
