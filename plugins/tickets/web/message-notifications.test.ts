import t from 'tap'
import { describeEvent, openTicketUuid, shouldNotifyMessage, shouldNotifyWaiting } from './message-notifications.ts'

const me = { id: 7 }
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
  // An admin's socket gets every frame: another queue's waiting customer is that queue's agents' to take.
  t.notOk(shouldNotifyMessage(frame({ status: 'pending', userId: null, queueId: 5 }), agent), 'another queue')
  t.ok(shouldNotifyMessage(frame({ status: 'pending', userId: null, queueId: null }), agent), 'no queue yet: the server sends it only to who may see it')
})

t.test('a customer who starts waiting in my queue rings once: the frame that moved the ticket there', async (t) => {
  const agent = { ...me, queues: [{ id: 4 }] }
  const moved = (ticket: Record<string, unknown>, extra: Record<string, unknown> = { joinedQueue: true }) =>
    ({ action: 'update', ticket: { id: 3, uuid: 'abc', status: 'pending', userId: null, queueId: 4, ...ticket }, ...extra })
  t.ok(shouldNotifyWaiting(moved({}), agent))
  t.notOk(shouldNotifyWaiting(moved({}, {}), agent), 'any other update of a waiting ticket: no')
  t.notOk(shouldNotifyWaiting(moved({ queueId: 5 }), agent), 'another queue')
  t.notOk(shouldNotifyWaiting(moved({ status: 'open' }), agent), 'already taken')
  t.notOk(shouldNotifyWaiting(moved({}), agent, 'abc'), 'on screen')
})

t.test('the uuid of the ticket on screen', async (t) => {
  t.equal(openTicketUuid('/tickets/3f2a-11'), '3f2a-11')
  t.equal(openTicketUuid('/tickets'), undefined)
  t.equal(openTicketUuid('/contacts'), undefined)
})

t.test('a media message reads as its kind, with its caption when it has one', async (t) => {
  const label = (kind: string) => `[${kind}]`
  const line = (message: Record<string, unknown>) => describeEvent('appMessage', frame({}, message), label)?.body
  t.equal(line({ body: 'oi' }), 'oi', 'text stays text')
  t.equal(line({ mediaType: 'image', mediaUrl: '/api/public/1/a.jpg', body: '' }), '[image]')
  t.equal(line({ mediaType: 'image', mediaUrl: '/api/public/1/a.jpg', body: 'the receipt' }), '[image]: the receipt')
  t.equal(line({ mediaType: 'ptt', mediaUrl: '/api/public/1/v.ogg', body: 'v.ogg' }), '[audio]', 'a file name is no caption')
  t.equal(line({ mediaType: 'document', mediaUrl: '/api/public/1/x.pdf', mediaName: 'Nota.pdf', body: 'Nota.pdf' }), '[document]')
  t.equal(describeEvent('appMessage', frame({}, { mediaType: 'image', mediaUrl: '/x.jpg', body: '' }))?.body, '', 'no labeller: the body as it came')
})
