import t from 'tap'
import { idOrNull, matchUsers, newTicketBody, validateNewTicket, validateTransfer } from './ticket-forms.ts'

t.test('new ticket: contact always, queue unless admin', async (t) => {
  t.same(validateNewTicket({ contactId: null, queueId: null, whatsappId: null }, false), { contact: 'tickets:newTicket.contactRequired', queue: 'tickets:newTicket.queueRequired' })
  t.same(validateNewTicket({ contactId: 1, queueId: null, whatsappId: null }, true), {}, 'admins may leave the queue out')
  t.same(validateNewTicket({ contactId: 1, queueId: 2, whatsappId: null }, false), {})
  t.same(newTicketBody({ contactId: 1, queueId: 2, whatsappId: 3 }, 7), { contactId: 1, queueId: 2, whatsappId: 3, userId: 7, status: 'open' })
})

t.test('transfer needs a queue', async (t) => {
  t.same(validateTransfer(null), { queue: 'tickets:newTicket.queueRequired' })
  t.same(validateTransfer(4), {})
})

t.test('user search from 3 characters, accents and case ignored', async (t) => {
  const users = [{ name: 'João Silva' }, { name: 'Joana Prado' }, { name: 'Mário' }]
  t.same(matchUsers(users, 'jo'), [], 'too short')
  t.same(matchUsers(users, 'JOA'), [{ name: 'João Silva' }, { name: 'Joana Prado' }])
  t.same(matchUsers(users, 'mari'), [{ name: 'Mário' }])
  t.same(matchUsers(users, ' silv '), [{ name: 'João Silva' }])
})

t.test('select values', async (t) => {
  t.equal(idOrNull(''), null)
  t.equal(idOrNull('12'), 12)
})
