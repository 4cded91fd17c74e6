import t from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { SessionExpiry } from './session-expiry.ts'

t.test('one timer ends each socket at its expiry, whatever order they came in; a socket gone before is left alone', async (t) => {
  const start = Date.now()
  const sockets = new Set([{ name: 'late', expiresAt: start + 150 }, { name: 'gone', expiresAt: start + 60 }, { name: 'early', expiresAt: start + 30 }])
  const ended: Array<{ name: string; late: number }> = []
  const expiry = new SessionExpiry(() => sockets, (s) => {
    ended.push({ name: s.name, late: Date.now() - s.expiresAt })
    sockets.delete(s)
  })
  t.teardown(() => expiry.stop())
  for (const s of sockets) expiry.watch(s)
  sockets.delete([...sockets].find((s) => s.name === 'gone')!)
  await sleep(100)
  t.same(ended.map((e) => e.name), ['early'], 'the earliest first; the one that left is not ended')
  await sleep(150)
  t.same(ended.map((e) => e.name), ['early', 'late'])
  t.ok(ended.every((e) => e.late >= 0), 'none before its time')
})

t.test('an expired or exp-less token ends the socket at once; stop() cancels the wait', async (t) => {
  const sockets = new Set([{ expiresAt: 0 }])
  let ended = 0
  const expiry = new SessionExpiry(() => sockets, () => void ended++)
  for (const s of sockets) expiry.watch(s)
  await sleep(20)
  t.equal(ended, 1)
  const later = { expiresAt: Date.now() + 30 }
  sockets.clear()
  sockets.add(later)
  expiry.watch(later)
  expiry.stop()
  await sleep(60)
  t.equal(ended, 1, 'stopped: nothing more')
})
