import t from 'tap'
import { pooled } from './stats.ts'

t.test('pooled takes percentiles over every slice and the rate over their whole time', async (t) => {
  const p = pooled([
    { latencies: [1, 2, 3], elapsedMs: 1000 },
    { latencies: [10], elapsedMs: 1000 },
  ])
  t.equal(p.n, 4)
  t.equal(p.rate, 2, '4 requests in 2 s')
  t.equal(p.p50, 2)
  t.equal(p.p99, 10)
})

t.test('a slow slice weighs by its requests, not as one slice of two', async (t) => {
  // 9 fast requests in one slice, 1 slow in the other: the median is a fast one, whatever the slices' count.
  const p = pooled([{ latencies: Array(9).fill(1), elapsedMs: 500 }, { latencies: [50], elapsedMs: 500 }])
  t.equal(p.p50, 1)
  t.equal(p.rate, 10)
})
