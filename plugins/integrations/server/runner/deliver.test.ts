import t from 'tap'
import { createHmac } from 'node:crypto'
import { writeSetting } from '@zapdesk/plugin-api/testing'
import { fakeServer, type Recorded } from '../test-support/fake-server.ts'
import { call, waitFor, world } from '../test-support/world.ts'
import { IntegrationDelivery } from '../models.ts'
import { deliver, DELIVERY_RETRIES } from './deliver.ts'

const SECRET = 'segredo-compartilhado-123'
/** What a receiver does: recompute the HMAC of "<timestamp>.<body>" with the shared secret. */
const verified = (r: Recorded) => {
  const expected = createHmac('sha256', SECRET).update(`${r.headers['x-zapdesk-timestamp']}.${r.body}`).digest('hex')
  return r.headers['x-zapdesk-signature'] === `sha256=${expected}`
}
const deliveries = async (w: Awaited<ReturnType<typeof world>>) =>
  (await call(w.app, 'GET', `/queueIntegration/${w.integration.id}/deliveries`, w.c.admin.headers)).json().deliveries as Array<{ status: string; attempts: number; httpStatus: number | null; durationMs: number | null; error: string | null }>

t.test('a webhook gets each customer message signed; its answer is sent; handBack gives the ticket to the queue\'s agents', async (t) => {
  const fake = await fakeServer(t, (r) => (r.json?.message as { body: string }).body === 'tchau'
    ? { json: { messages: ['Até logo!'], handBack: true } }
    : { json: { messages: ['Recebido!', { text: 'Já vamos ver.' }] } })
  const w = await world(t, fake, { type: 'webhook', name: 'Pedidos', urlN8N: `${fake.url}/hook/pedidos`, secret: SECRET })
  await writeSetting(w.app, w.c.id, 'language', 'es')
  await w.send('Quero meu pedido 42')
  t.same(await w.replies(2), ['Recebido!', 'Já vamos ver.'])
  const [first] = fake.requests
  t.equal(first.method, 'POST')
  t.equal(first.path, '/hook/pedidos')
  t.ok(verified(first), 'HMAC-SHA256 of timestamp and body under the shared secret')
  t.ok(Math.abs(Number(first.headers['x-zapdesk-timestamp']) - Date.now() / 1000) < 60, 'a current timestamp')
  t.match(first.json, { event: 'message.inbound', message: { body: 'Quero meu pedido 42' }, ticket: { status: 'pending' }, contact: { number: /^5511/ }, attempt: 1 })
  t.match(await deliveries(w), [{ status: 'delivered', attempts: 1, httpStatus: 200 }])
  t.equal((await w.ticket()).status, 'pending')

  await w.send('tchau')
  t.same(await w.replies(3), ['Recebido!', 'Já vamos ver.', 'Até logo!'])
  await w.send('ainda aí?')
  t.equal(fake.requests.length, 2, 'handed back: later messages are for the agents, not the webhook')
  t.match(await w.ticket(), { status: 'pending', userId: null, queueId: w.queueId })
  t.same(await w.notes(), ['La integración webhook "Pedidos" pidió pasar la atención a los agentes.'], 'the note speaks the company\'s language')
})

t.test('a failed delivery is retried with backoff and logged; after the last attempt the ticket goes back to the agents', async (t) => {
  let calls = 0
  const fake = await fakeServer(t, () => (++calls === 1 ? { status: 503, text: 'ocupado' } : { status: 204 }))
  const w = await world(t, fake, { type: 'n8n', name: 'Fluxo', urlN8N: `${fake.url}/webhook/fluxo`, secret: SECRET })
  await w.send('oi')
  const log = await waitFor(async () => (await deliveries(w)).find((d) => d.status === 'delivered'), 20_000, 'the retry')
  t.match(log, { attempts: 2, httpStatus: 204, error: null })
  t.equal(fake.requests.length, 2)
  t.ok(fake.requests.every(verified), 'every attempt signed')
  t.match(fake.requests[1].json, { attempt: 2 })

  // The job's last attempt (the kernel ran the first ones): a receiver that still fails gives the ticket back.
  fake.handle = () => ({ status: 500, text: 'quebrado' })
  const ticket = await w.ticket()
  const message = { companyId: w.c.id, integrationId: w.integration.id, ticketId: ticket.id, messageId: 999_001, queueId: w.queueId, payload: { event: 'message.inbound' } }
  await t.rejects(deliver(w.app, message, 1), /answered 500/, 'an attempt that may be retried throws, so the job runs again')
  await deliver(w.app, message, DELIVERY_RETRIES + 1)
  const row = await w.app.bind(IntegrationDelivery).query().forCompany(w.c.id).findOne({ messageId: 999_001 })
  t.match(row, { status: 'failed', attempts: 2, httpStatus: 500, error: 'answered 500' })
  await w.send('alguém?')
  t.equal(fake.requests.filter((r) => r.path === '/webhook/fluxo').length, 4, 'handed back: nothing more goes to the receiver')
  const note = 'A integração n8n "Fluxo" não recebeu a mensagem do cliente após todas as tentativas (answered 500): a mensagem espera um atendente.'
  t.same(await w.notes(), [note])
  // Another message's delivery failing for good after the hand-back (both were queued) leaves no second note.
  await deliver(w.app, { ...message, messageId: 999_003 }, DELIVERY_RETRIES + 1)
  t.same(await w.notes(), [note], 'one hand-back, one note')
})

t.test('SSRF guard: without the allow-list a private receiver is never called; the failure is logged', async (t) => {
  const fake = await fakeServer(t)
  const w = await world(t, fake, { type: 'webhook', name: 'Interno', urlN8N: `${fake.url}/hook`, secret: SECRET })
  w.app.integrationRunner.options.allowHosts = []
  const ticketMessage = { companyId: w.c.id, integrationId: w.integration.id, ticketId: 1, messageId: 999_002, queueId: w.queueId, payload: {} }
  await t.rejects(deliver(w.app, ticketMessage, 1), /blocked/)
  t.equal(fake.requests.length, 0, 'nothing reached the private address')
  t.match((await deliveries(w))[0], { status: 'retrying', attempts: 1, httpStatus: null, error: /^blocked/ })
})

t.test('with useIntegrations switched off the integration stays but receives nothing', async (t) => {
  const fake = await fakeServer(t)
  const w = await world(t, fake, { type: 'webhook', name: 'Pedidos', urlN8N: `${fake.url}/hook`, secret: SECRET })
  await call(w.app, 'PUT', '/modules/useIntegrations', w.c.admin.headers, { enabled: false })
  await w.send('oi')
  await new Promise((r) => setTimeout(r, 200))
  await w.app.events.idle()
  t.equal(fake.requests.length, 0)
})

t.test('a connection\'s own integration serves its customers before any queue; handing back leaves them to the connection\'s menu', async (t) => {
  const fake = await fakeServer(t, () => ({ json: { messages: ['Olá do webhook'], handBack: true } }))
  const w = await world(t, fake, { type: 'webhook', name: 'Conexão', urlN8N: `${fake.url}/hook`, secret: SECRET })
  await call(w.app, 'PUT', `/queue/${w.queueId}`, w.c.admin.headers, { integrationId: null })
  const connection = (await call(w.app, 'GET', '/whatsapp', w.c.admin.headers)).json() as Array<{ id: number }>
  for (const c of connection) t.equal((await call(w.app, 'PUT', `/whatsapp/${c.id}`, w.c.admin.headers, { integrationId: w.integration.id, queueIds: [] })).statusCode, 200)
  await w.send('oi')
  t.same(await w.replies(1), ['Olá do webhook'])
  t.equal(fake.requests.length, 1)
  t.match(await w.ticket(), { status: 'pending', queueId: null }, 'no queue to hand back to: the ticket waits as it was')
})

t.test('a ticket an agent set to an integration (useIntegration + integrationId) runs it whatever its queue says', async (t) => {
  const fake = await fakeServer(t, () => ({ status: 204 }))
  const w = await world(t, fake, { type: 'webhook', name: 'Pedidos', urlN8N: `${fake.url}/hook`, secret: SECRET })
  await call(w.app, 'PUT', `/queue/${w.queueId}`, w.c.admin.headers, { integrationId: null })
  await w.send('oi')
  t.equal(fake.requests.length, 0, 'the queue has none: nothing goes out')
  const ticket = await w.ticket()
  t.equal((await call(w.app, 'PUT', `/tickets/${ticket.id}`, w.c.admin.headers, { useIntegration: true, integrationId: w.integration.id })).statusCode, 200)
  await w.send('e agora?')
  await waitFor(() => fake.requests.length === 1 || undefined, 20_000, 'the delivery')
  t.match(fake.requests[0].json, { message: { body: 'e agora?' } })
})
