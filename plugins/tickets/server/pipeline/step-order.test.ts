import t from 'tap'
import { orderSteps } from './step-order.ts'
import type { InboundStep } from './steps.ts'

const step = (name: string, extra: Partial<InboundStep> = {}): InboundStep => ({ name, async run() {}, ...extra })
const builtIns = [step('group-filter', { order: 100 }), step('rating', { order: 200 }), step('out-of-hours', { order: 300 }), step('queue-menu', { order: 400 })]
const names = (steps: InboundStep[]) => steps.map((s) => s.name)

t.test('numeric orders alone: lowest first, ties in registration order', async (t) => {
  t.same(names(orderSteps([step('late', { order: 900 }), ...builtIns, step('tie', { order: 200 }), step('first', { order: 50 })])),
    ['first', 'group-filter', 'rating', 'tie', 'out-of-hours', 'queue-menu', 'late'])
})

t.test('before/after place a step next to the steps it names', async (t) => {
  const prompt = step('prompts:answer', { before: ['queue-menu'] })
  const integration = step('integrations:typebot', { after: ['out-of-hours'], before: ['prompts:answer'] })
  const audit = step('audit')
  t.same(names(orderSteps([...builtIns, audit, prompt, integration])),
    ['group-filter', 'rating', 'out-of-hours', 'integrations:typebot', 'prompts:answer', 'queue-menu', 'audit'])
})

t.test('a constraint wins over a contradicting number', async (t) => {
  t.same(names(orderSteps([...builtIns, step('early-but-after-rating', { order: 10, after: ['rating'] })])),
    ['group-filter', 'rating', 'early-but-after-rating', 'out-of-hours', 'queue-menu'])
})

t.test('names of absent steps are ignored (an optional plugin may not be installed)', async (t) => {
  t.same(names(orderSteps([...builtIns, step('x', { after: ['not-installed'], order: 250 })])),
    ['group-filter', 'rating', 'x', 'out-of-hours', 'queue-menu'])
})

t.test('a circle is refused, naming its steps', async (t) => {
  t.throws(() => orderSteps([step('a', { before: ['b'] }), step('b', { before: ['c'] }), step('c', { before: ['a'] }), step('free', { order: 1 })]),
    /circle: a, b, c/)
})
