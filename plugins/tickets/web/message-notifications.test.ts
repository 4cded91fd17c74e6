import t from 'tap'
import { openTicketUuid, shouldNotifyMessage } from './message-notifications.ts'

const me = { id: 7, allTicket: 'desabled' }
const frame = (ticket: Record<string, unknown>, message: Record<string, unknown> = {}) => ({
  action: 'create',
  message: { id: 1, body: 'oi', fromMe: false, read: false, ...message },
  ticket: { id: 3, uuid: 'abc', status: 'open', userId: 7, ...ticket },
})

t.test('new inbound messages of my tickets ring; mine, read, edits and the ticket on screen do not', async (t) => {
  t.ok(shouldNotifyMessage(frame({}), me))
  t.ok(shouldNotifyMessage(frame({ userId: null }), me), 'nobody\'s open ticket')
  t.notOk(shouldNotifyMessage(frame({ userId: 8 }), me), 'another agent\'s')
  t.notOk(shouldNotifyMessage(frame({}, { fromMe: true }), me), 'sent by us')
  t.notOk(shouldNotifyMessage(frame({}, { read: true }), me), 'already read')
  t.notOk(shouldNotifyMessage({ ...frame({}), action: 'update' }, me), 'an edit or an ack')
  t.notOk(shouldNotifyMessage(frame({}), me, 'abc'), 'the conversation on screen')
  t.ok(shouldNotifyMessage(frame({}), me, 'abc', false), 'on screen but the tab is hidden')
  t.ok(shouldNotifyMessage(frame({}), me, 'other'))
  t.notOk(shouldNotifyMessage(frame({ status: 'closed' }), me))
})

t.test('a waiting customer rings for every agent of the queue, not only for allTicket users', async (t) => {
  const agent = { ...me, queues: [{ id: 4 }] }
  t.ok(shouldNotifyMessage(frame({ status: 'pending', userId: null, queueId: 4 }), agent), 'my queue')
  t.notOk(shouldNotifyMessage(frame({ status: 'pending', userId: null, queueId: 5 }), agent), 'another queue (seen only through allTicket)')
  t.ok(shouldNotifyMessage(frame({ status: 'pending', userId: null, queueId: 5 }), { ...agent, allTicket: 'enabled' }), 'allTicket: every waiting ticket')
  t.ok(shouldNotifyMessage(frame({ status: 'pending', userId: null, queueId: null }), agent), 'no queue yet: the server sends it only to who may see it')
})

t.test('the uuid of the ticket on screen', async (t) => {
  t.equal(openTicketUuid('/tickets/3f2a-11'), '3f2a-11')
  t.equal(openTicketUuid('/tickets'), undefined)
  t.equal(openTicketUuid('/contacts'), undefined)
})
