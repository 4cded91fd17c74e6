import t from 'tap'
import { delayedFlag } from './delayed-flag.ts'

t.test('the badge flag turns on only after the delay, and off at once', async (t) => {
  const seen: boolean[] = []
  const flag = delayedFlag(40, (on) => seen.push(on))
  flag.set(true)
  await new Promise((r) => setTimeout(r, 15))
  t.same(seen, [], 'not yet')
  flag.set(false)
  await new Promise((r) => setTimeout(r, 50))
  t.same(seen, [], 'a short blip never shows')
  flag.set(true)
  flag.set(true)
  await new Promise((r) => setTimeout(r, 60))
  t.same(seen, [true], 'shown once after the delay')
  flag.set(false)
  t.same(seen, [true, false], 'hidden at once')
  flag.set(true)
  flag.dispose()
  await new Promise((r) => setTimeout(r, 60))
  t.same(seen, [true, false], 'disposed: no late change')
})
