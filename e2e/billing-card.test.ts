import t from 'tap'
import type { Request } from 'playwright-core'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiAnswer, apiCall, signIn } from './lib/session.ts'
import { openBrowser, step, type BrowserSession } from './lib/browser.ts'
import { fakeAsaas, type FakeAsaas } from '../plugins/billing-asaas/server/test-support/fake-asaas.ts'
import { until } from './lib/until.ts'

/**
 * Card payment end to end with a local fake Asaas and its browser tokenizer (no internet): an admin opens the
 * checkout, reaches the card form, sees its validation messages, pays by card, and the active card strip shows the
 * masked number; stopping it removes the subscription at Asaas. Every request the browser sends to our server is
 * captured: the card number never is in one. Walked at 390 px in pt, en and es.
 */
t.setTimeout(600_000)

type Tap = Pick<typeof t, 'equal'>
const CARD = '4111111111111111'
const company = { name: 'Oficina Lua', email: `lua-${Date.now()}@example.com`, phone: '', password: 'lua-pass-1', planId: 2, recurrence: 'MENSAL', status: true, campaignsEnabled: true }

let server: RunningServer
let b: BrowserSession
let fake: FakeAsaas
const toServer: Array<{ method: string; url: string; body: string }> = []
const toTokenizer: string[] = []

t.before(async () => {
  fake = await fakeAsaas()
  server = await startServer({
    ASAAS_URL: fake.url, ASAAS_TOKEN: fake.token, BILLING_INVOICE_EVERY_MS: '1000',
    ASAAS_TOKENIZE_URL: fake.tokenizer.url, ASAAS_PUBLIC_KEY: fake.tokenizer.publicKey,
  })
  fake.webhook = { url: `${server.url}/api/billing-asaas/webhook`, token: fake.token }
  b = await openBrowser({ width: 390, height: 780 })
  b.page.on('request', (r: Request) => {
    const entry = { method: r.method(), url: r.url(), body: r.postData() ?? '' }
    if (entry.url.startsWith(server.url)) toServer.push(entry)
    else if (entry.url.startsWith(fake.tokenizer.url) && entry.method === 'POST') toTokenizer.push(entry.body)
  })
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
  await fake?.close()
})

const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/** From the invoice row to the card form: billing data (saved after the first time), plan, review, Pay by card. */
async function openCardForm(t: Tap, firstTime: boolean): Promise<void> {
  const { page } = b
  await page.goto(`${server.url}/financeiro`)
  await page.locator('[data-testid=invoices-table] tbody tr[data-state=open] [data-testid=invoice-pay]').first().click()
  if (firstTime) {
    await page.fill('#charge-name', 'Oficina Lua Ltda')
    await page.fill('#charge-cpf', '52998224725')
    await page.fill('#charge-birth', '1985-03-20')
    await page.fill('#charge-zipcode', '01001000')
    await page.fill('#charge-city', 'São Paulo')
  }
  await page.click('[data-testid=checkout-next]')
  await page.locator('[data-testid=checkout-plan]').waitFor()
  await page.click('[data-testid=checkout-next]')
  await page.locator('[data-testid=checkout-review]').waitFor()
  t.equal(await page.locator('[data-testid=card-not-offered]').count(), 0, 'cards are offered: the tokenizer is configured')
  await page.click('[data-testid=checkout-card]')
  await page.locator('[data-testid=card-form]').waitFor()
}

t.test('pt at 390 px: validation messages, then a card subscription with only the token reaching our server', async (t) => {
  const { page } = b
  await apiCall(server.url, 'POST', '/companies/cadastro', company)
  await page.goto(`${server.url}/login`)
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  const token = await signIn(page, server.url, company.email, company.password)
  // The 7-day trial's due date is inside the invoicing window: the run every second makes its invoice.
  await until('the invoice', async () => (await apiAnswer<Array<{ status: string }>>(server.url, 'GET', '/invoices/list', undefined, token)).body.some((i) => i.status === 'open'))

  await step(b, 'card-form-pt', async () => {
    await openCardForm(t, true)
    t.ok(await page.locator('#card-name').isDisabled(), 'name disabled until the brand is known')
    t.ok(await page.locator('#card-cvv').isDisabled())
    await page.fill('#card-number', '4111 1111 1111 1112')
    await page.locator('[data-testid=card-brand]', { hasText: 'VISA' }).waitFor()
    t.notOk(await page.locator('#card-name').isDisabled(), 'open once the brand is known')
    await page.fill('#card-expiry', '0120')
    t.equal(await page.inputValue('#card-expiry'), '01/20', 'MM/YY formatted')
    await page.fill('#card-cvv', '12')
    await page.click('[data-testid=card-pay]')
    for (const text of ['Número de cartão inválido', 'Obrigatório', 'Este cartão está vencido', 'O CVV tem 3 ou 4 dígitos']) await page.getByText(text).first().waitFor()
    t.equal(toTokenizer.length, 0, 'an invalid card is not sent anywhere')
    t.ok(await overflow() <= 0, 'fits 390 px')
    await b.screenshot('billing-card-errors-390-pt')
  })
  await step(b, 'card-pay-pt', async () => {
    await page.fill('#card-number', CARD)
    t.equal(await page.inputValue('#card-number'), '4111 1111 1111 1111')
    await page.fill('#card-name', 'ANA SOUZA')
    await page.fill('#card-expiry', `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`)
    await page.fill('#card-cvv', '123')
    await page.click('[data-testid=card-pay]')
    await page.locator('[data-testid=card-strip]', { hasText: '**** **** **** 1111' }).waitFor()
    await page.waitForTimeout(300)
    t.ok(await overflow() <= 0, 'the strip fits 390 px')
    await b.screenshot('billing-card-strip-390-pt')
  })
  t.equal(toTokenizer.length, 1, 'the browser called the tokenizer once')
  t.match(JSON.parse(toTokenizer[0]), { publicKey: fake.tokenizer.publicKey, creditCard: { number: CARD, holderName: 'ANA SOUZA', ccv: '123' } })
  const leaked = toServer.filter((r) => r.body.includes(CARD) || r.body.includes('4111 1111 1111 1111') || r.url.includes(CARD) || /ccv|cvv/i.test(r.body))
  t.same(leaked, [], 'no request to our server carried the card')
  const subscribed = toServer.find((r) => r.url.endsWith('/api/cardsubscription'))!
  const sent = JSON.parse(subscribed.body) as Record<string, unknown>
  t.ok(fake.tokenizer.tokens.has(String(sent.payment_token)), 'our server got the tokenizer\'s token')
  t.match(sent, { cardNumber: '1111', cardFlag: 'VISA' })
  t.notOk('cardName' in sent, 'nor the name on the card')
  t.match(fake.requests.find((r) => r.path === '/subscriptions')?.json, { billingType: 'CREDIT_CARD', creditCardToken: sent.payment_token })
})

t.test('en and es at 390 px: the card form\'s messages; then the card is stopped from the strip', async (t) => {
  const { page } = b
  const texts = {
    en: ['Card number', 'Required', 'Pay by card'],
    es: ['Número de la tarjeta', 'Obligatorio', 'Pagar con tarjeta'],
  }
  for (const [lng, [label, required, pay]] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `card-form-${lng}`, async () => {
      await openCardForm(t, false)
      await page.getByText(label).first().waitFor()
      await page.locator('[data-testid=card-pay]', { hasText: pay }).click()
      await page.getByText(required).first().waitFor()
      await page.fill('#card-number', '9999 9999 9999 9995')
      await page.click('[data-testid=card-pay]')
      await page.locator('[data-testid=card-form] .bp6-form-helper-text, [data-testid=card-form] .bp5-form-helper-text').first().waitFor()
      t.ok(await overflow() <= 0, `${lng}: fits 390 px`)
      await b.screenshot(`billing-card-errors-390-${lng}`)
    })
  }
  await page.setViewportSize({ width: 1366, height: 800 })
  await step(b, 'card-form-desktop-es', async () => {
    await openCardForm(t, false)
    await page.fill('#card-number', '5555 5555 5555 4444')
    await page.locator('[data-testid=card-brand]', { hasText: 'MASTERCARD' }).waitFor()
    await page.click('[data-testid=card-pay]')
    await page.getByText('Obligatorio').first().waitFor()
    t.ok(await overflow() <= 0, 'desktop: fits')
    await b.screenshot('billing-card-errors-desktop-es')
  })
  await page.setViewportSize({ width: 390, height: 780 })
  t.equal(toTokenizer.length, 1, 'none of these reached the tokenizer')
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await step(b, 'card-stop', async () => {
    await page.goto(`${server.url}/financeiro`)
    const strip = page.locator('[data-testid=card-strip]')
    await strip.waitFor()
    await strip.getByRole('button').click()
    await page.locator('.zd-confirm').getByRole('button', { name: 'Cancelar cobrança no cartão' }).click()
    await strip.waitFor({ state: 'detached' })
  })
  const subscriptionId = fake.subscriptions[0]
  await until('Asaas to hear the stop', async () => fake.requests.some((r) => r.method === 'DELETE' && r.path === `/subscriptions/${subscriptionId}`))
  t.pass('the subscription was removed at Asaas')

  await step(b, 'subscription-email', async () => {
    // The company's own address, not the admin's sign-in one (the session carries no company email).
    const root = await apiCall<{ token: string }>(server.url, 'POST', '/auth/login', { email: server.admin.email, password: server.admin.password })
    const listed = await apiCall<Array<{ id: number; email: string | null }>>(server.url, 'GET', '/companies/list', undefined, root.token)
    const companyId = listed.find((c) => c.email === company.email)!.id
    await apiCall(server.url, 'PUT', `/companies/${companyId}`, { email: 'cobranca@lua.example.test' }, root.token)
    await page.goto(`${server.url}/subscription`)
    await page.locator('[data-testid=billing-email]', { hasText: 'E-mail de cobrança: cobranca@lua.example.test' }).waitFor()
    t.ok(await overflow() <= 0, 'subscription fits 390 px')
    await b.screenshot('billing-subscription-company-email-390')
  })
})

t.test('no console errors along the way (the CEP lookup is offline here)', async (t) => {
  t.same(b.errors.filter((e) => !/viacep|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), [])
})
