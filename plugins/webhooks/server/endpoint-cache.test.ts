import t from 'tap'
import { receiver } from './test-support/receiver.ts'
import { call, waitFor, world } from './test-support/world.ts'

t.test('messages of a company without endpoints read its endpoints once; a new, changed or removed endpoint counts at once', async (t) => {
  const rx = await receiver(t)
  const w = await world(t, rx, { startJobs: true })
  const reads: string[] = []
  const count = (q: { sql: string }) => void (q.sql.includes('webhook_endpoints') && reads.push(q.sql))
  w.app.knex.on('query', count)
  for (let i = 0; i < 4; i++) await w.customer('5511988870001', `mensagem ${i}`)
  w.app.knex.off('query', count)
  t.equal(reads.length, 1, 'four messages (ticket, contact and message events): one read of the company\'s endpoints')

  const hook = await w.endpoint(['message.received'])
  await w.customer('5511988870001', 'depois do cadastro')
  await waitFor(async () => rx.received.some((r) => r.json.data?.message?.body === 'depois do cadastro') || undefined, 10_000, 'the new endpoint gets the next message')

  t.equal((await call(w.app, 'PUT', `/webhooks/${hook.id}`, w.c.admin.headers, { events: ['ticket.closed'] })).statusCode, 200)
  await w.customer('5511988870001', 'depois da mudança')
  t.equal((await call(w.app, 'DELETE', `/webhooks/${hook.id}`, w.c.admin.headers)).statusCode, 200)
  const other = await w.endpoint(['message.received'], { url: `${rx.url}/outro` })
  await w.customer('5511988870001', 'depois da exclusão')
  await waitFor(async () => rx.received.some((r) => r.json.data?.message?.body === 'depois da exclusão') || undefined, 10_000, 'the other endpoint gets it')
  t.notOk(rx.received.some((r) => r.json.data?.message?.body === 'depois da mudança'), 'an endpoint that stopped wanting messages got none')
  t.ok(other.id !== hook.id)
})
