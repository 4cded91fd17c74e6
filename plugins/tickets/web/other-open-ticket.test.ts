import t from 'tap'
import { heldByOther, otherOpenTicket } from './other-open-ticket.ts'

const err = (details: unknown, message = '') => ({ code: 'ERR_OTHER_OPEN_TICKET', status: 409, details, message })

t.test('finds the existing ticket in details or in a JSON message', async (t) => {
  const ticket = { id: 5, uuid: 'abc', userId: 8, user: { id: 8, name: 'Bia' }, queue: { name: 'Vendas' } }
  t.same(otherOpenTicket(err(ticket)), { id: 5, uuid: 'abc', userId: 8, userName: 'Bia', queueName: 'Vendas' })
  t.same(otherOpenTicket(err({ ticket })), { id: 5, uuid: 'abc', userId: 8, userName: 'Bia', queueName: 'Vendas' })
  t.same(otherOpenTicket(err(undefined, JSON.stringify(ticket))), { id: 5, uuid: 'abc', userId: 8, userName: 'Bia', queueName: 'Vendas' })
  t.same(otherOpenTicket(err(undefined, 'ERR_OTHER_OPEN_TICKET')), { userId: null }, 'no ticket sent: still recognised')
  t.equal(otherOpenTicket({ code: 'ERR_NO_PERMISSION' }), null)
  t.equal(otherOpenTicket(null), null)
})

t.test('held by someone else or not', async (t) => {
  t.ok(heldByOther({ userId: 8 }, 7))
  t.notOk(heldByOther({ userId: 7 }, 7), 'mine: open it')
  t.notOk(heldByOther({ userId: null }, 7), 'nobody\'s: open it')
})
