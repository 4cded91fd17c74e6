import t from 'tap'
import { text, world } from './test-helpers.ts'
import type { InboundContext, InboundStep } from './steps.ts'

/** The steps of this test's making and the built-ins: other bundled plugins' steps (named 'plugin:step') left out. */
const ours = (steps: readonly InboundStep[]) => steps.filter((s) => !s.name.includes(':'))

t.test('built-in steps are registered in order; third-party steps run at their order', async (t) => {
  const w = await world(t, { greetingMessage: 'Olá! Como podemos ajudar?' })
  t.same(ours(w.app.tickets.listSteps()).map((s) => `${s.order} ${s.name}`), ['100 group-filter', '200 rating', '300 out-of-hours', '400 queue-menu'])
  const ran: string[] = []
  const contexts: InboundContext[] = []
  const probe = (name: string, order: number, extra: Partial<InboundStep> = {}): InboundStep => ({
    name, order, async run(ctx) { ran.push(name); contexts.push({ ...ctx }) }, ...extra,
  })
  w.app.tickets.addStep(probe('late', 900))
  w.app.tickets.addStep(probe('first', 50))
  w.app.tickets.addStep(probe('ai-prompt', 450))
  w.app.tickets.addStep(probe('integration', 350))
  w.app.tickets.addStep(probe('audit', 10, { runOnFromMe: true }))
  t.throws(() => w.app.tickets.addStep(probe('late', 1)), /already registered/)

  await w.deliver(text('5511933332222', 'Oi', { externalId: 'one' }))
  t.same(ran, ['audit', 'first', 'integration'], 'the greeting (400) answered and stopped the rest')
  t.same(await w.sent(), ['Olá! Como podemos ajudar?'])
  const ctx = contexts[0]
  t.match(ctx, { companyId: w.c.id, whatsappId: w.whatsappId, ticketCreated: true, contact: { number: '5511933332222', isGroup: false }, message: { externalId: 'one' }, ticket: { status: 'pending', chatbot: true } })
  t.match(ctx.whatsapp, { id: w.whatsappId, greetingMessage: 'Olá! Como podemos ajudar?' })
  t.equal(ctx.settings.CheckMsgIsGroup, 'enabled', 'the company settings with defaults')

  ran.length = 0
  await w.deliver(text('5511933332222', 'Ainda aí?', { externalId: 'two' }))
  t.same(ran, ['audit', 'first', 'integration', 'ai-prompt', 'late'], 'the bot is done: every step runs, lowest order first')
  t.equal(contexts.at(-1)!.ticketCreated, false)

  ran.length = 0
  await w.deliver(text('5511933332222', 'do celular', { externalId: 'three', fromMe: true }))
  t.same(ran, ['audit'], 'our own messages only meet steps that ask for them')
})

t.test('a step can stop the pipeline; a failing step is logged and the next one runs', async (t) => {
  const w = await world(t, { greetingMessage: 'Olá!' })
  const ran: string[] = []
  w.app.tickets.addStep({ name: 'broken', order: 150, async run() { ran.push('broken'); throw new Error('boom') } })
  w.app.tickets.addStep({ name: 'gate', order: 250, async run(ctx) { ran.push('gate'); return ctx.message.body === 'stop' ? 'stop' : 'next' } })
  await w.deliver(text('5511922221111', 'stop'))
  t.same(ran, ['broken', 'gate'])
  t.same(await w.sent(), [], 'the greeting step (400) did not run')
  await w.deliver(text('5511922221111', 'go'))
  t.same(await w.sent(), ['Olá!'])
})

t.test('steps of one ticket run one message at a time, in the order the messages were stored', async (t) => {
  const w = await world(t)
  const log: string[] = []
  w.app.tickets.addStep({
    name: 'slow', order: 500,
    async run(ctx) {
      log.push(`start ${ctx.message.body}`)
      await new Promise((r) => setTimeout(r, 30))
      log.push(`end ${ctx.message.body}`)
    },
  })
  await Promise.all(['a', 'b', 'c'].map((body) => w.deliver(text('5511911110000', body))))
  t.equal(log.length, 6)
  for (let i = 0; i < 6; i += 2) t.equal(log[i].slice(6), log[i + 1].slice(4), 'each run ends before the next starts')
})

t.test('addStep refuses a step that closes a circle and keeps the steps it had', async (t) => {
  const w = await world(t, { greetingMessage: 'Olá!' })
  w.app.tickets.addStep({ name: 'a', after: ['queue-menu'], async run() {} })
  t.throws(() => w.app.tickets.addStep({ name: 'b', before: ['queue-menu'], after: ['a'], async run() {} }), /circle: queue-menu, a, b/)
  t.same(ours(w.app.tickets.listSteps()).map((s) => s.name), ['group-filter', 'rating', 'out-of-hours', 'queue-menu', 'a'])
  w.app.tickets.addStep({ name: 'b', after: ['a'], async run() {} })
  t.same(ours(w.app.tickets.listSteps()).map((s) => s.name).slice(-2), ['a', 'b'])
})
