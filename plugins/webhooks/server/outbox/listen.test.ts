import t from 'tap'
import { serialByKey, ticketUpdateEvents } from './listen.ts'

t.test('a ticket update is the events a receiver knows: accepted, transferred, closed, reopened', async (t) => {
  t.same(ticketUpdateEvents({ status: 'pending', userId: null }, 'open'), ['ticket.accepted'])
  t.same(ticketUpdateEvents({ userId: 3 }, 'open'), ['ticket.transferred'], 'another agent')
  t.same(ticketUpdateEvents({ queueId: 1 }, 'pending'), ['ticket.transferred'], 'another queue')
  t.same(ticketUpdateEvents({ status: 'pending', userId: null, queueId: 1 }, 'open'), ['ticket.accepted', 'ticket.transferred'], 'taken into another queue')
  t.same(ticketUpdateEvents({ status: 'open', userId: 3 }, 'closed'), ['ticket.closed'])
  t.same(ticketUpdateEvents({ status: 'closed' }, 'pending'), ['ticket.opened'], 'reopened')
  t.same(ticketUpdateEvents({}, 'open'), [], 'tags only')
  t.same(ticketUpdateEvents(undefined, 'open'), [])
})

t.test('work of one key runs in the order it was asked for, whatever each awaits; other keys do not wait', async (t) => {
  const serial = serialByKey()
  const done: string[] = []
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
  await Promise.all([
    serial('t:1', async () => { await sleep(40); done.push('t1-a') }),
    serial('t:1', async () => { throw new Error('a failure does not stop the key') }).catch(() => done.push('t1-b failed')),
    serial('t:1', async () => { await sleep(1); done.push('t1-c') }),
    serial('t:2', async () => { await sleep(5); done.push('t2-a') }),
    serial(null, async () => { done.push('none') }),
  ])
  t.same(done.filter((d) => d.startsWith('t1')), ['t1-a', 't1-b failed', 't1-c'])
  t.ok(done.indexOf('t2-a') < done.indexOf('t1-a'), 'another ticket went meanwhile')
  t.equal(done[0], 'none')
})
