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

t.test('pending tickets only for users with allTicket enabled', async (t) => {
  t.notOk(shouldNotifyMessage(frame({ status: 'pending', userId: null }), me))
  t.ok(shouldNotifyMessage(frame({ status: 'pending', userId: null }), { id: 7, allTicket: 'enabled' }))
})

t.test('the uuid of the ticket on screen', async (t) => {
  t.equal(openTicketUuid('/tickets/3f2a-11'), '3f2a-11')
  t.equal(openTicketUuid('/tickets'), undefined)
  t.equal(openTicketUuid('/contacts'), undefined)
})
