import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiAnswer, apiCall, signIn } from './lib/session.ts'
import { openBrowser, step, type BrowserSession } from './lib/browser.ts'
import { fakeAsaas, type FakeAsaas } from '../plugins/billing-asaas/server/test-support/fake-asaas.ts'
import { until } from './lib/until.ts'

/**
 * Billing end to end, with a local fake Asaas (no internet): an overdue company's admin signs in and lands on
 * /financeiro, fills the billing data, goes through the Pix stepper to the QR code, Asaas's webhook says the Pix was
 * received, the page shows the renewal and goes home after 4 s with the menu unlocked. Then the page at 390 px and
 * on a desktop in pt, en and es.
 */
t.setTimeout(600_000)

const company = { name: 'Padaria Sol', email: `sol-${Date.now()}@example.com`, phone: '', password: 'sol-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2020-01-10', status: true, campaignsEnabled: true }

let server: RunningServer
let b: BrowserSession
let fake: FakeAsaas
let token = ''

t.before(async () => {
  fake = await fakeAsaas()
  // The invoicing run every second, so the company made after boot gets its invoice at once.
  server = await startServer({ ASAAS_URL: fake.url, ASAAS_TOKEN: fake.token, BILLING_INVOICE_EVERY_MS: '1000' })
  fake.webhook = { url: `${server.url}/api/billing-asaas/webhook`, token: fake.token }
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
  await fake?.close()
})

const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

t.test('an overdue admin lands on /financeiro, pays the invoice by Pix and is unlocked', async (t) => {
  const { page } = b
  await apiCall(server.url, 'POST', '/companies/cadastro', company)
  // Signup always gives the 7-day trial: a super user moves the due date into the past.
  const root = await apiCall<{ token: string }>(server.url, 'POST', '/auth/login', { email: server.admin.email, password: server.admin.password })
  const listed = await apiCall<Array<{ id: number; email: string | null }>>(server.url, 'GET', '/companies/list', undefined, root.token)
  const companyId = listed.find((c) => c.email === company.email)!.id
  await apiCall(server.url, 'PUT', `/companies/${companyId}`, { dueDate: '2020-01-10' }, root.token)
  token = await signIn(page, server.url, company.email, company.password)
  await page.waitForURL('**/financeiro')
  t.equal((await apiAnswer(server.url, 'GET', '/users/list', undefined, token)).status, 402, 'locked')
  t.ok(await page.locator('.zd-sidebar [data-menu-id=finance]:not(.is-disabled)').count(), 'finance stays usable')

  const row = page.locator('[data-testid=invoices-table] tbody tr[data-state=overdue]').first()
  await step(b, 'invoice', async () => {
    // The invoicing run makes it within a second or two; the page shows what the server had when it loaded.
    await until('the invoice', async () => (await apiAnswer<Array<{ dueDate: string }>>(server.url, 'GET', '/invoices/list', undefined, token)).body.some((i) => i.dueDate === '2020-01-10'))
    await page.reload()
    await row.waitFor()
    await row.getByText('Vencido').waitFor()
  })
  await b.screenshot('billing-overdue')
  await step(b, 'data', async () => {
    await row.locator('[data-testid=invoice-pay]').click()
    await page.locator('[data-testid=checkout-steps]', { hasText: 'Dados' }).waitFor()
    await page.fill('#charge-name', 'Sol Padaria Ltda')
    await page.fill('#charge-cpf', '529.982.247-24')
    t.equal(await page.inputValue('#charge-cpf'), '52998224724', 'digits only')
    await page.fill('#charge-birth', '1985-03-20')
    await page.fill('#charge-zipcode', '01001000')
    await page.click('[data-testid=checkout-next]')
    await page.getByText('CPF inválido').waitFor()
    await page.fill('#charge-cpf', '52998224725')
    t.equal(await page.getByText('CPF inválido').count(), 0, 'the corrected field loses its message')
    await page.fill('#charge-city', 'São Paulo')
    await b.screenshot('billing-step-data')
    await page.click('[data-testid=checkout-next]')
  })
  await step(b, 'plan-and-review', async () => {
    await page.locator('[data-testid=checkout-plan]', { hasText: 'PRO' }).waitFor()
    await page.click('[data-testid=checkout-next]')
    await page.locator('[data-testid=checkout-review]', { hasText: 'Sol Padaria Ltda' }).waitFor()
    // This server has no browser card tokenizer (ASAAS_TOKENIZE_URL unset): the card option is hidden with a note.
    await page.locator('[data-testid=card-not-offered]', { hasText: 'Pague com Pix' }).waitFor()
    t.equal(await page.locator('[data-testid=checkout-card]').count(), 0, 'no card option')
    await b.screenshot('billing-review-no-card')
    await page.click('[data-testid=checkout-pay]')
  })
  await step(b, 'qr', async () => {
    await page.locator('[data-testid=pix-qr]').waitFor()
    t.equal(await page.locator('[data-testid=pix-qr]').getAttribute('width'), '256', 'QR code size 256')
    t.match(await page.inputValue('[data-testid=pix-code]'), /^00020126fakepix/)
  })
  await page.waitForTimeout(400)
  await b.screenshot('billing-pix')

  const [charge] = [...fake.payments.values()]
  t.match(charge, { value: 199 }, 'the invoice\'s value')
  const sent = await fake.send('PAYMENT_RECEIVED', charge.id)
  t.equal(sent.body.outcome, 'applied')
  await step(b, 'paid', async () => {
    await page.locator('[data-testid=checkout-paid]').waitFor()
    // Timed from the message's appearance, before the screenshot (a loaded machine spends seconds on one); the margin
    // covers how late waitFor may notice the message.
    const started = Date.now()
    await b.screenshot('billing-paid')
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 })
    t.ok(Date.now() - started > 2500, 'home after the 4 s message')
  })
  await page.locator('.zd-sidebar [data-menu-id]').first().waitFor()
  t.equal(await page.locator('.zd-sidebar .is-disabled[data-menu-id]').count(), 0, 'no menu entry disabled any more')
  t.equal((await apiAnswer(server.url, 'GET', '/users/list', undefined, token)).status, 200, 'unlocked')
  const replay = await fake.send('PAYMENT_RECEIVED', charge.id, sent.eventId)
  t.equal(replay.body.outcome, 'duplicate')
})

t.test('the finance page at 390 px and on a desktop in pt, en and es', async (t) => {
  const { page } = b
  const titles = { pt: ['Faturas', 'Pago'], en: ['Invoices', 'Paid'], es: ['Facturas', 'Pagado'] }
  for (const [width, height] of [[390, 780], [1366, 800]]) {
    await page.setViewportSize({ width, height })
    for (const [lng, [title, paid]] of Object.entries(titles)) {
      await page.evaluate((l) => localStorage.setItem('language', l), lng)
      await step(b, `finance-${width}-${lng}`, async () => {
        await page.goto(`${server.url}/financeiro`)
        await page.locator('.zd-page-title', { hasText: title }).waitFor()
        await page.locator('[data-testid=invoices-table] tbody tr', { hasText: paid }).first().waitFor()
        await page.locator('[data-testid=plan-cards] [data-plan]').first().waitFor()
        t.ok(await overflow() <= 0, `${lng} ${width}: fits`)
        await b.screenshot(`billing-${width}-${lng}`)
      })
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await page.setViewportSize({ width: 390, height: 780 })
  await step(b, 'subscription', async () => {
    await page.goto(`${server.url}/subscription`)
    await page.locator('[data-testid=trial-days]', { hasText: /Restam \d+ dias/ }).waitFor()
    await page.getByText(`E-mail de cobrança: ${company.email}`).waitFor()
    t.ok(await overflow() <= 0, 'subscription fits 390 px')
    await b.screenshot('billing-subscription-390')
    await page.click('[data-testid=subscribe]')
    await page.waitForURL('**/financeiro')
  })
  await page.setViewportSize({ width: 1366, height: 800 })
})

t.test('a super user finds any company\'s invoice and marks it paid (the manual provider)', async (t) => {
  const root = await apiCall<{ token: string }>(server.url, 'POST', '/auth/login', { email: server.admin.email, password: server.admin.password })
  const me = await apiCall<{ companyId: number }>(server.url, 'GET', '/auth/me', undefined, token)
  const made = await apiCall<{ id: number }>(server.url, 'POST', '/invoices', { companyId: me.companyId, detail: 'Ajuste de implantação', value: 50, dueDate: '2030-01-10' }, root.token)
  const sup = await openBrowser()
  t.teardown(() => sup.close())
  await signIn(sup.page, server.url, server.admin.email, server.admin.password)
  await sup.page.goto(`${server.url}/financeiro`)
  await step(sup, 'all-invoices', async () => {
    await sup.page.fill('[data-testid=all-invoices] input', 'Ajuste')
    await until('the search to narrow the list', async () => (await sup.page.locator('[data-testid=all-invoices] tbody tr').count()) === 1)
    const row = sup.page.locator('[data-testid=all-invoices] tbody tr', { hasText: 'Ajuste de implantação' })
    await row.locator('[data-testid=invoice-mark-paid]').click()
    await row.getByText('Pago').waitFor()
    await row.getByText(company.name).waitFor()
  })
  await sup.screenshot('billing-super-all')
  const mine = await apiCall<Array<{ id: number; status: string }>>(server.url, 'GET', '/invoices/list', undefined, token)
  t.equal(mine.find((i) => i.id === made.id)?.status, 'paid')
  t.same(sup.errors, [])
})

t.test('no console errors along the way (the CEP lookup is offline here: its failures are the browser\'s only)', async (t) => {
  t.same(b.errors.filter((e) => !/viacep|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), [])
})
