import t from 'tap'
import { RealtimeClient, type SocketLike, type Timers } from './realtime-client.ts'
import { backoffDelay, PING_INTERVAL_MS, PONG_TIMEOUT_MS, USER_STATUS_INTERVAL_MS } from './frames.ts'

class FakeSocket implements SocketLike {
  readyState = 0
  sent: unknown[] = []
  closed = false
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onerror: SocketLike['onerror'] = null
  onmessage: SocketLike['onmessage'] = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.closed = true
    this.readyState = 3
    this.onclose?.({})
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) })
  }
}

/** Manual clock: advance(ms) fires due timers in order. */
function fakeTimers() {
  let now = 0
  let seq = 0
  const jobs = new Map<number, { at: number; fn: () => void; every?: number }>()
  const timers: Timers = {
    setTimeout: (fn, ms) => (jobs.set(++seq, { at: now + ms, fn }), seq),
    clearTimeout: (id) => void jobs.delete(id as number),
    setInterval: (fn, ms) => (jobs.set(++seq, { at: now + ms, fn, every: ms }), seq),
    clearInterval: (id) => void jobs.delete(id as number),
  }
  function advance(ms: number) {
    const end = now + ms
    for (;;) {
      const next = [...jobs.entries()].filter(([, j]) => j.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (!next) break
      const [id, job] = next
      now = job.at
      if (job.every) job.at += job.every
      else jobs.delete(id)
      job.fn()
    }
    now = end
  }
  return { timers, advance }
}

function setup(token: () => string | null = () => 'tok') {
  const sockets: FakeSocket[] = []
  const clock = fakeTimers()
  let renew = true
  let renewals = 0
  const reasons: string[] = []
  const client = new RealtimeClient({
    url: () => (token() ? `ws://x/api/ws?token=${token()}` : null),
    createSocket: (url) => {
      const s = new FakeSocket(url)
      sockets.push(s)
      return s
    },
    timers: clock.timers,
    random: () => 1,
    onSessionExpired: async (reason) => (renewals++, reasons.push(reason), renew),
  })
  return { client, sockets, clock, reasons, setRenew: (v: boolean) => (renew = v), renewals: () => renewals }
}

t.test('backoff doubles and caps', async (t) => {
  t.same([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, () => 1)), [1000, 2000, 4000, 8000, 16000, 30000, 30000])
  t.equal(backoffDelay(0, () => 0), 500)
})

t.test('no token, no socket; one socket per client', async (t) => {
  const { client, sockets } = setup(() => null)
  client.connect()
  t.equal(sockets.length, 0)
  const other = setup()
  other.client.connect()
  other.client.connect()
  t.equal(other.sockets.length, 1)
})

t.test('joins rooms, re-joins after reconnect, leaves when released', async (t) => {
  const { client, sockets, clock } = setup()
  const leaveA = client.join({ type: 'joinTickets', status: 'open' })
  const leaveB = client.join({ type: 'joinTickets', status: 'open' })
  client.connect()
  sockets[0].open()
  t.same(sockets[0].sent, [{ type: 'joinTickets', status: 'open' }, { type: 'userStatus' }])
  sockets[0].close()
  clock.advance(999)
  t.equal(sockets.length, 1)
  clock.advance(1)
  t.equal(sockets.length, 2, 'reconnected after the first backoff step')
  sockets[1].open()
  t.same(sockets[1].sent[0], { type: 'joinTickets', status: 'open' })
  leaveA()
  leaveA()
  t.equal(sockets[1].sent.length, 2, 'still held by the second caller')
  leaveB()
  t.same(sockets[1].sent.at(-1), { type: 'leaveTickets', status: 'open' })
})

t.test('a plugin\'s room is joined and left with the generic join and leave messages', async (t) => {
  const { client, sockets } = setup()
  client.connect()
  sockets[0].open()
  const leave = client.join({ type: 'join', room: 'chat', arg: 'c0ffee00-0000-4000-8000-000000000001' })
  t.same(sockets[0].sent.at(-1), { type: 'join', room: 'chat', arg: 'c0ffee00-0000-4000-8000-000000000001' })
  leave()
  t.same(sockets[0].sent.at(-1), { type: 'leave', room: 'chat', arg: 'c0ffee00-0000-4000-8000-000000000001' })
})

t.test('backoff grows while the server stays down and resets on open', async (t) => {
  const { client, sockets, clock } = setup()
  client.connect()
  sockets[0].close()
  clock.advance(1000)
  sockets[1].close()
  clock.advance(1999)
  t.equal(sockets.length, 2)
  clock.advance(1)
  t.equal(sockets.length, 3)
  sockets[2].open()
  sockets[2].close()
  clock.advance(1000)
  t.equal(sockets.length, 4)
})

t.test('pings every 18 s and drops a link without answer', async (t) => {
  const { client, sockets, clock } = setup()
  client.connect()
  sockets[0].open()
  clock.advance(PING_INTERVAL_MS)
  t.same(sockets[0].sent.at(-1), { type: 'ping' })
  sockets[0].receive({ type: 'pong' })
  clock.advance(PING_INTERVAL_MS)
  t.notOk(sockets[0].closed)
  t.equal(sockets[0].sent.filter((f) => (f as { type: string }).type === 'ping').length, 2)
  clock.advance(PONG_TIMEOUT_MS - 1)
  t.notOk(sockets[0].closed)
  clock.advance(1)
  t.ok(sockets[0].closed, 'closed after an unanswered ping')
})

t.test('sends userStatus every 5 minutes', async (t) => {
  const { client, sockets, clock } = setup()
  client.connect()
  sockets[0].open()
  // answer every ping so the link stays up
  for (let i = 0; i < USER_STATUS_INTERVAL_MS / PING_INTERVAL_MS; i++) {
    clock.advance(PING_INTERVAL_MS)
    sockets[0].receive({ type: 'pong' })
  }
  clock.advance(USER_STATUS_INTERVAL_MS - Math.floor(USER_STATUS_INTERVAL_MS / PING_INTERVAL_MS) * PING_INTERVAL_MS)
  t.equal(sockets[0].sent.filter((f) => (f as { type: string }).type === 'userStatus').length, 2)
})

t.test('dispatches events to their listeners', async (t) => {
  const { client, sockets } = setup()
  const got: unknown[] = []
  const off = client.on('company-1-user', (d) => got.push(d))
  client.connect()
  sockets[0].open()
  sockets[0].receive({ event: 'company-1-user', data: { action: 'update' } })
  sockets[0].receive({ event: 'company-2-user', data: { action: 'update' } })
  off()
  sockets[0].receive({ event: 'company-1-user', data: { action: 'delete' } })
  t.same(got, [{ action: 'update' }])
})

t.test('an expired token renews the session and reconnects, or stops', async (t) => {
  const s = setup()
  s.client.connect()
  s.sockets[0].open()
  s.sockets[0].receive({ type: 'error', error: 'ERR_SESSION_EXPIRED' })
  await new Promise((r) => setTimeout(r, 0))
  t.equal(s.renewals(), 1)
  t.equal(s.sockets.length, 2)
  s.setRenew(false)
  s.sockets[1].open()
  s.sockets[1].receive({ type: 'error', error: 'ERR_SESSION_EXPIRED' })
  await new Promise((r) => setTimeout(r, 0))
  t.equal(s.sockets.length, 2)
  t.equal(s.client.getStatus(), 'idle')
})

t.test('a deactivated company\'s socket ends the session with that reason', async (t) => {
  const s = setup()
  s.setRenew(false)
  s.client.connect()
  s.sockets[0].open()
  s.sockets[0].receive({ type: 'error', error: 'ERR_COMPANY_INACTIVE' })
  await new Promise((r) => setTimeout(r, 0))
  t.same(s.reasons, ['ERR_COMPANY_INACTIVE'])
  t.equal(s.client.getStatus(), 'idle')
})

t.test('disconnect stops reconnecting', async (t) => {
  const { client, sockets, clock } = setup()
  client.connect()
  sockets[0].open()
  client.disconnect()
  clock.advance(60_000)
  t.equal(sockets.length, 1)
  t.equal(client.getStatus(), 'idle')
})
