import t from 'tap'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { build, onlyPlugin, createCompanyWithUsers, createSuper, capturePublished, writeSetting, type TestCompany } from '@zapdesk/plugin-api/testing'
import { billingCompany } from '@zapdesk/plugin-api'
import { fakeAsaas, type FakeAsaas } from './test-support/fake-asaas.ts'

type Tap = Parameters<typeof build>[0]

const ASAAS = fileURLToPath(new URL('..', import.meta.url))
const BILLING = fileURLToPath(new URL('../../billing', import.meta.url))
const PAYER = { cpf: '52998224725', birth: '1990-05-01', zipcode: '01001000', name: 'Ana Souza', email: 'ana@example.test', number: '10' }
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10)
const call = (app: FastifyInstance, method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({ method: method as 'GET', url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

interface World { app: FastifyInstance; fake: FakeAsaas; late: TestCompany; invoiceId: number }

/** The app listening on loopback (the fake posts its webhooks over HTTP), an overdue company with its invoice. */
async function world(t: Tap): Promise<World> {
  const fake = await fakeAsaas()
  t.teardown(() => fake.close())
  // Gone when the test ends, as this file's other settings are: test files may share a process (scripts/test-groups.mjs).
  t.teardown(() => { delete process.env.ASAAS_URL })
  process.env.ASAAS_URL = fake.url
  delete process.env.ASAAS_TOKEN
  delete process.env.ASAAS_WEBHOOK_TOKEN
  const options = onlyPlugin(ASAAS)
  options.config.plugins.unshift(BILLING)
  const app = await build(t, options)
  await app.listen({ port: 0, host: '127.0.0.1' })
  fake.webhook = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/billing-asaas/webhook`, token: fake.token }
  const root = await createSuper(app)
  await writeSetting(app, root.companyId, 'asaas', fake.token)
  const late = await createCompanyWithUsers(app, { dueDate: '2020-01-10' })
  await app.billing.invoices.runCycle(today())
  const saved = await call(app, 'POST', '/chargeinfo', late.admin.headers, PAYER)
  if (saved.statusCode !== 200) throw new Error(`charge info not saved: ${saved.body}`)
  const [invoice] = (await call(app, 'GET', '/invoices/list', late.admin.headers)).json()
  return { app, fake, late, invoiceId: invoice.id }
}

t.test('Pix: charge with QR code from Asaas, its webhook pays the invoice once, the company is unlocked and told', async (t) => {
  const { app, fake, late, invoiceId } = await world(t)
  t.equal((await call(app, 'GET', '/users/list', late.admin.headers)).statusCode, 402)
  const pix = await call(app, 'POST', '/subscription', late.admin.headers, { invoiceId, price: 1, plan: { value: 1 } })
  t.equal(pix.statusCode, 200, pix.body)
  t.match(pix.json(), { invoiceId, valor: { original: '199.00' }, qrcode: { qrcode: /^00020126fakepix/, imagemQrcode: /.+/ } })
  const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/payments')
  t.match(created!.json, { billingType: 'PIX', value: 199, dueDate: today() }, 'the invoice\'s value, never the browser\'s price; a past due date charged today')
  t.match(fake.requests.find((r) => r.path === '/customers')!.json, { cpfCnpj: '52998224725', name: 'Ana Souza', postalCode: '01001000' })
  const again = await call(app, 'POST', '/subscription', late.admin.headers, { invoiceId })
  t.equal(again.json().chargeId, pix.json().chargeId, 'asked again: the same charge')
  t.equal(fake.requests.filter((r) => r.path === '/customers').length, 1, 'the customer is made once')
  t.equal(fake.requests.filter((r) => r.path === '/payments').length, 1, 'and the charge')
  const chargeId = pix.json().chargeId as string

  const published = capturePublished(app)
  const paid = await fake.send('PAYMENT_RECEIVED', chargeId)
  t.same(paid, { status: 200, body: { received: true, outcome: 'applied' }, eventId: paid.eventId })
  const due = (await billingCompany(app, late.id))!.dueDate!
  t.ok(due > today(), 'one period from today')
  t.equal((await call(app, 'GET', '/users/list', late.admin.headers)).statusCode, 200, 'unlocked at once')
  t.match(published.filter((p) => p.topic === 'payment'), [{ companyId: late.id, data: { action: 'CONCLUIDA', invoice: { id: invoiceId, status: 'paid' } } }])

  const replay = await fake.send('PAYMENT_RECEIVED', chargeId, paid.eventId)
  t.equal(replay.body.outcome, 'duplicate', 'a replayed event')
  const both = await Promise.all([fake.send('PAYMENT_CONFIRMED', chargeId, 'evt_twice'), fake.send('PAYMENT_CONFIRMED', chargeId, 'evt_twice')])
  t.same(both.map((b) => b.status), [200, 200])
  t.same(both.map((b) => b.body.outcome).sort(), ['applied', 'duplicate'], 'the same event delivered twice at once is applied once')
  t.equal((await billingCompany(app, late.id))!.dueDate, due, 'extended once for all of them')
  t.equal(published.filter((p) => p.topic === 'payment').length, 1, 'told once')

  t.equal((await fake.send('PAYMENT_DELETED', chargeId)).body.outcome, 'applied')
  t.equal((await fake.send('PAYMENT_OVERDUE', chargeId)).body.outcome, 'applied')
  t.equal((await call(app, 'GET', '/invoices/list', late.admin.headers)).json()[0].status, 'paid', 'late events after the payment (out of order) leave it paid')
  t.equal((await fake.send('PAYMENT_RECEIVED', 'pay_unknown')).body.outcome, 'ignored', 'another system\'s charge on the account')
})

t.test('forged webhooks are refused and change nothing; a payment before its cancel still counts', async (t) => {
  const { app, fake, late, invoiceId } = await world(t)
  const pix = (await call(app, 'POST', '/subscription', late.admin.headers, { invoiceId })).json()
  fake.webhook.token = 'not-the-token'
  const forged = await fake.send('PAYMENT_RECEIVED', pix.chargeId)
  t.equal(forged.status, 401)
  t.equal(forged.body.error, 'ERR_INVALID_TOKEN')
  const none = await app.inject({ method: 'POST', url: '/api/billing-asaas/webhook', payload: { id: 'evt_1', event: 'PAYMENT_RECEIVED', payment: { id: pix.chargeId } } })
  t.equal(none.statusCode, 401, 'no token')
  t.equal((await billingCompany(app, late.id))!.dueDate, '2020-01-10')
  t.equal((await call(app, 'GET', '/users/list', late.admin.headers)).statusCode, 402, 'still locked')

  fake.webhook.token = fake.token
  process.env.ASAAS_WEBHOOK_TOKEN = 'a-separate-webhook-token-of-32-chars'
  t.teardown(() => { delete process.env.ASAAS_WEBHOOK_TOKEN })
  t.equal((await fake.send('PAYMENT_RECEIVED', pix.chargeId)).status, 401, 'the webhook token, when set, is the only one taken')
  fake.webhook.token = 'a-separate-webhook-token-of-32-chars'
  t.equal((await fake.send('PAYMENT_DELETED', pix.chargeId)).body.outcome, 'applied')
  t.equal((await call(app, 'GET', '/invoices/list', late.admin.headers)).json()[0].status, 'canceled')
  t.equal((await fake.send('PAYMENT_RECEIVED', pix.chargeId)).body.outcome, 'applied', 'money received for a canceled charge')
  t.equal((await call(app, 'GET', '/invoices/list', late.admin.headers)).json()[0].status, 'paid')
  t.equal((await call(app, 'GET', '/users/list', late.admin.headers)).statusCode, 200)
})

t.test('the key: ASAAS_TOKEN wins over the setting; a refused call is a 502 with a code, never Asaas\'s answer', async (t) => {
  const { app, late, invoiceId } = await world(t)
  process.env.ASAAS_TOKEN = 'wrong-key'
  t.teardown(() => { delete process.env.ASAAS_TOKEN })
  const res = await call(app, 'POST', '/subscription', late.admin.headers, { invoiceId })
  t.equal(res.statusCode, 502)
  t.equal(res.json().error, 'ERR_BILLING_PROVIDER_FAILED')
  t.notMatch(res.body, /invalid_access_token/)
})

t.test('card: a subscription with the card token only, its charges pay the open invoice, and it can be stopped', async (t) => {
  const { app, fake, late, invoiceId } = await world(t)
  const sub = await call(app, 'POST', '/cardsubscription', late.admin.headers, { payment_token: 'tok_123', invoiceId, cardNumber: '4111 1111 1111 1234', cardFlag: 'visa', cardName: 'ANA SOUZA' })
  t.equal(sub.statusCode, 200, sub.body)
  t.same(sub.json(), { cardNumber: '**** **** **** 1234', cardFlag: 'visa' })
  const made = fake.requests.find((r) => r.path === '/subscriptions')!
  t.match(made.json, { billingType: 'CREDIT_CARD', creditCardToken: 'tok_123', cycle: 'MONTHLY', value: 199 })
  t.notOk(JSON.stringify(fake.requests).includes('4111'), 'the card number never goes anywhere from us')
  t.equal((await call(app, 'GET', `/chargeinfo/${late.id}`, late.admin.headers)).json().cardNumber, '**** **** **** 1234')

  const subscriptionId = fake.subscriptions[0]
  const chargeId = await fake.chargeSubscription(subscriptionId)
  t.equal((await fake.send('PAYMENT_CONFIRMED', chargeId)).body.outcome, 'applied')
  t.equal((await call(app, 'GET', '/invoices/list', late.admin.headers)).json()[0].status, 'paid')
  t.equal((await call(app, 'GET', '/users/list', late.admin.headers)).statusCode, 200)

  t.equal((await call(app, 'POST', '/cardunsubscription', late.admin.headers)).statusCode, 200)
  t.ok(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/subscriptions/${subscriptionId}`))
  t.equal((await call(app, 'GET', `/chargeinfo/${late.id}`, late.admin.headers)).json().cardNumber, null)
  t.equal((await call(app, 'POST', '/cardunsubscription', late.admin.headers)).json().error, 'ERR_BILLING_NO_CARD')
})

t.test('card tokenizer: offered only with ASAAS_TOKENIZE_URL; the browser tokenizes at Asaas\'s side and only the token reaches us', async (t) => {
  const { app, fake, late, invoiceId } = await world(t)
  t.teardown(() => { delete process.env.ASAAS_TOKENIZE_URL; delete process.env.ASAAS_PUBLIC_KEY })
  const config = () => call(app, 'GET', '/billing/card-config', late.admin.headers)
  t.same((await config()).json(), { provider: null, tokenizeUrl: null, publicKey: null }, 'unset: no card payments')
  process.env.ASAAS_TOKENIZE_URL = 'ftp://tokens.example.test/tokenize'
  t.same((await config()).json(), { provider: null, tokenizeUrl: null, publicKey: null }, 'not an http(s) address: none either')
  process.env.ASAAS_TOKENIZE_URL = fake.tokenizer.url
  process.env.ASAAS_PUBLIC_KEY = fake.tokenizer.publicKey
  const offered = await config()
  t.equal(offered.statusCode, 200, 'answered while the company is overdue')
  t.same(offered.json(), { provider: 'asaas', tokenizeUrl: fake.tokenizer.url, publicKey: fake.tokenizer.publicKey })
  t.notOk(offered.body.includes(fake.token), 'never the API key')

  const preflight = await fetch(fake.tokenizer.url, { method: 'OPTIONS', headers: { origin: 'http://app.example.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
  t.equal(preflight.headers.get('access-control-allow-origin'), '*', 'a browser on the app\'s origin may call it')
  const tokenize = (number: string) => fetch(fake.tokenizer.url, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publicKey: fake.tokenizer.publicKey, creditCard: { holderName: 'ANA SOUZA', number, expiryMonth: '12', expiryYear: String(new Date().getFullYear() + 2), ccv: '123' } }),
  })
  t.equal((await tokenize('4111111111111112')).status, 400, 'a number failing Luhn is refused there')
  const good = await tokenize('4111111111111111')
  const card = await good.json() as { creditCardToken: string; creditCardNumber: string; creditCardBrand: string }
  t.match(card, { creditCardNumber: '1111', creditCardBrand: 'VISA', creditCardToken: /.+/ })

  const sub = await call(app, 'POST', '/cardsubscription', late.admin.headers, { payment_token: card.creditCardToken, invoiceId, cardNumber: card.creditCardNumber, cardFlag: card.creditCardBrand })
  t.equal(sub.statusCode, 200, sub.body)
  t.same(sub.json(), { cardNumber: '**** **** **** 1111', cardFlag: 'VISA' })
  t.match(fake.requests.find((r) => r.path === '/subscriptions')!.json, { creditCardToken: card.creditCardToken })
  t.notOk(JSON.stringify(fake.requests).includes('4111111111111111'), 'our server never sent the card number to Asaas')
  t.notOk((await call(app, 'GET', `/chargeinfo/${late.id}`, late.admin.headers)).body.includes('4111111111111111'), 'nor keeps it')
})
