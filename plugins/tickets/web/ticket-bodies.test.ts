import t from 'tap'
import { acceptBody, finishBody, reopenBody, returnBody, transferBody } from './ticket-bodies.ts'

t.test('the transitions of the spec', async (t) => {
  t.same(acceptBody(7), { status: 'open', userId: 7 }, 'accept assigns me')
  t.same(finishBody(), { status: 'closed' }, 'resolve keeps user and queue')
  t.same(returnBody(), { status: 'pending', userId: null }, 'return clears the user')
  t.same(reopenBody({ queueId: 3 }, 7), { status: 'open', userId: 7, queueId: 3 })
  t.same(reopenBody({ queueId: null }, 7), { status: 'open', userId: 7, queueId: null })
})

t.test('transfer: to a queue waits there, to a user goes to them; connection only when chosen', async (t) => {
  t.same(transferBody(2, null, null), { queueId: 2, userId: null, status: 'pending' })
  t.same(transferBody(2, 9, null), { queueId: 2, userId: 9 })
  t.same(transferBody(2, 9, 4), { queueId: 2, userId: 9, whatsappId: 4 })
})
