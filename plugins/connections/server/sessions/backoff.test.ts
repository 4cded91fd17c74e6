import t from 'tap'
import { backoffDelay, DEFAULT_BACKOFF } from './backoff.ts'

t.test('delays double from the base and stop at 60 s', async (t) => {
  const top = () => 0.999999
  t.equal(backoffDelay(0, DEFAULT_BACKOFF, top), 1000)
  t.equal(backoffDelay(1, DEFAULT_BACKOFF, top), 2000)
  t.equal(backoffDelay(3, DEFAULT_BACKOFF, top), 8000)
  t.equal(backoffDelay(6, DEFAULT_BACKOFF, top), 60_000, '64 s is capped')
  t.equal(backoffDelay(500, DEFAULT_BACKOFF, top), 60_000, 'huge attempt counts do not overflow')
})

t.test('jitter keeps each delay between half and all of its step', async (t) => {
  t.equal(backoffDelay(2, DEFAULT_BACKOFF, () => 0), 2000, 'lowest: half of 4 s')
  for (let i = 0; i < 200; i++) {
    const d = backoffDelay(4, DEFAULT_BACKOFF)
    t.ok(d >= 8000 && d <= 16000, `${d} within [8 s, 16 s]`)
  }
  const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(5)))
  t.ok(spread.size > 10, 'delays of many sessions differ')
})

t.test('a small base for tests', async (t) => {
  t.equal(backoffDelay(0, { baseMs: 10, capMs: 60_000 }, () => 1), 10)
  t.equal(backoffDelay(20, { baseMs: 10, capMs: 50 }, () => 1), 50)
})
