import http from 'node:http'
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { handleTokenize, type FakeTokenizer } from './fake-tokenizer.ts'

/**
 * A local Asaas (REST v3) for the tests, never the internet: customers, Pix payments with their QR code,
 * card subscriptions and their removal, checked against the API key; a browser card tokenizer (fake-tokenizer.ts); and Asaas's side of webhooks: it posts payment
 * events to the app's webhook with the webhook token, once, twice or replayed, as the tests ask.
 */
export interface FakeAsaas {
  url: string
  token: string
  requests: Array<{ method: string; path: string; json: Record<string, unknown> | null }>
  /** Ids of the card subscriptions made, in order. */
  subscriptions: string[]
  payments: Map<string, { id: string; customer: string; value: number; status: string; subscription: string | null }>
  /** Where it posts events, and the token it sends in asaas-access-token. */
  webhook: { url: string; token: string }
  /** The browser card tokenizer at `${url}/creditCard/tokenize` (CORS), its public key and what it was sent. */
  tokenizer: FakeTokenizer & { url: string }
  /** Posts one event about a payment (a new event id unless given), answering the app's status and body. */
  send(event: string, paymentId: string, eventId?: string): Promise<{ status: number; body: { outcome?: string; error?: string }; eventId: string }>
  /** A charge of a card subscription (Asaas makes one each cycle), paid. */
  chargeSubscription(subscriptionId: string): Promise<string>
  close(): Promise<void>
}

export async function fakeAsaas(token = `$aact_${randomUUID()}`): Promise<FakeAsaas> {
  const fake = {
    token, requests: [], subscriptions: [], payments: new Map(), webhook: { url: '', token: '' },
    tokenizer: { url: '', publicKey: `pub_${randomUUID()}`, calls: [], tokens: new Map() },
  } as unknown as FakeAsaas
  let n = 0
  const next = (prefix: string) => `${prefix}_${String(++n).padStart(12, '0')}`
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const json = raw ? JSON.parse(raw) as Record<string, unknown> : null
      const path = (req.url ?? '').replace(/^\/v3/, '')
      if (handleTokenize(fake.tokenizer, req, path, json, res)) return
      fake.requests.push({ method: req.method ?? '', path, json })
      const answer = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data))
      if (req.headers.access_token !== token) return answer(401, { errors: [{ code: 'invalid_access_token', description: 'bad key' }] })
      if (req.method === 'POST' && path === '/customers') {
        if (!/^\d{11}$/.test(String(json?.cpfCnpj))) return answer(400, { errors: [{ code: 'invalid_cpfCnpj' }] })
        return answer(200, { object: 'customer', id: next('cus'), name: json?.name })
      }
      if (req.method === 'POST' && path === '/payments') {
        const id = next('pay')
        fake.payments.set(id, { id, customer: String(json?.customer), value: Number(json?.value), status: 'PENDING', subscription: null })
        return answer(200, { object: 'payment', id, status: 'PENDING', billingType: json?.billingType, value: json?.value, dueDate: json?.dueDate })
      }
      const qr = path.match(/^\/payments\/([^/]+)\/pixQrCode$/)
      if (req.method === 'GET' && qr) {
        const p = fake.payments.get(decodeURIComponent(qr[1]))
        if (!p) return answer(404, { errors: [{ code: 'not_found' }] })
        return answer(200, { encodedImage: Buffer.from(`png:${p.id}`).toString('base64'), payload: `00020126fakepix${p.id}5204000053039865802BR`, expirationDate: '2031-01-01 23:59:59' })
      }
      if (req.method === 'POST' && path === '/subscriptions') {
        if (!json?.creditCardToken) return answer(400, { errors: [{ code: 'invalid_creditCard' }] })
        const id = next('sub')
        fake.subscriptions.push(id)
        return answer(200, { object: 'subscription', id, status: 'ACTIVE', cycle: json.cycle, value: json.value })
      }
      const sub = path.match(/^\/subscriptions\/([^/]+)$/)
      if (req.method === 'DELETE' && sub) return answer(200, { deleted: true, id: decodeURIComponent(sub[1]) })
      answer(404, { errors: [{ code: 'not_found' }] })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`
  fake.tokenizer.url = `${fake.url}/creditCard/tokenize`

  fake.send = async (event, paymentId, eventId = `evt_${randomUUID()}`) => {
    const p = fake.payments.get(paymentId)
    const payment = p ? { object: 'payment', id: p.id, customer: p.customer, value: p.value, subscription: p.subscription, status: event.replace('PAYMENT_', '') } : { object: 'payment', id: paymentId }
    const res = await fetch(fake.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'asaas-access-token': fake.webhook.token },
      body: JSON.stringify({ id: eventId, event, dateCreated: '2030-01-01 10:00:00', payment }),
    })
    return { status: res.status, body: await res.json() as { outcome?: string }, eventId }
  }
  fake.chargeSubscription = async (subscriptionId) => {
    const id = next('pay')
    fake.payments.set(id, { id, customer: 'cus_sub', value: 0, status: 'CONFIRMED', subscription: subscriptionId })
    return id
  }
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return fake
}
