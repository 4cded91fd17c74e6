import t from 'tap'
import { VerifiedTokens } from './verified-tokens.ts'

t.test('a token\'s claims are kept until its exp, never past it, and only with one', async (t) => {
  const kept = new VerifiedTokens<{ sub: string; exp?: number }>()
  kept.set('a', { sub: '1', exp: 100 })
  kept.set('b', { sub: '2' })
  t.same(kept.get('a', 99_999), { sub: '1', exp: 100 })
  t.equal(kept.get('a', 100_000), undefined, 'at its exp: checked again (and found expired)')
  t.equal(kept.get('a', 1), undefined, 'dropped once expired')
  t.equal(kept.get('b', 1), undefined, 'no exp: not kept')
  t.equal(kept.get('c', 1), undefined)
})

t.test('at most `max` tokens: the oldest kept goes first', async (t) => {
  const kept = new VerifiedTokens<{ exp: number }>(2)
  kept.set('a', { exp: 10 })
  kept.set('b', { exp: 10 })
  kept.set('c', { exp: 10 })
  t.same(['a', 'b', 'c'].map((k) => kept.get(k, 0) !== undefined), [false, true, true])
})
