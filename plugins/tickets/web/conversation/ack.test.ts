import t from 'tap'
import { ackState } from './ack.ts'

t.test('ack to icon state', async (t) => {
  const own = (ack: number, sendStatus: string | null = null) => ackState({ fromMe: true, ack, sendStatus })
  t.equal(ackState({ fromMe: false, ack: 3 }), null, 'inbound messages have no ticks')
  t.equal(own(0), 'pending')
  t.equal(own(1), 'sent')
  t.equal(own(2), 'delivered')
  t.equal(own(3), 'read')
  t.equal(own(4), 'read')
  t.equal(own(5), 'read')
  t.equal(own(0, 'queued'), 'pending')
  t.equal(own(0, 'sent'), 'sent', 'a sent row gets its tick before the first ack')
  t.equal(own(3, 'failed'), 'failed', 'a failed send wins over the ack')
})
