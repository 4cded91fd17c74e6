import t from 'tap'
import { createHmac } from 'node:crypto'
import { startServer, type RunningServer } from './lib/server.ts'
import { apiCall, signIn, sandboxConnection } from './lib/session.ts'
import { escapeDialog, openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { fakeServer, type FakeServer } from '../plugins/integrations/server/test-support/fake-server.ts'
import { until } from './lib/until.ts'

/**
 * Queue integrations end to end, with a local webhook receiver (no internet) named on the operator's allow-list while
 * private targets are otherwise refused: the admin adds a webhook on /queue-integration (the spec's defaults and
 * per-type rules first), gives it to the queue, a sandbox customer writes, the receiver gets a signed delivery and
 * its answer reaches the customer; the dialog shows the delivery log. Then the page in pt, en, es at 390 px.
 */
t.setTimeout(600_000)

const company = { name: 'Loja Verde', email: `verde-${Date.now()}@example.com`, phone: '', password: 'verde-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true }
const customer = { from: '5511955550077', name: 'Paulo Cliente' }
const SECRET = 'segredo-e2e-123'

let server: RunningServer
let b: BrowserSession
let hook: FakeServer
let token = ''
const ids = { queue: 0, whatsapp: 0, integration: 0 }

t.before(async () => {
  hook = await fakeServer(t, () => ({ json: { messages: ['Recebemos seu pedido, Paulo!'] } }))
  server = await startServer({ OUTBOUND_ALLOW_PRIVATE: 'false', INTEGRATIONS_ALLOW_HOSTS: hook.host })
  b = await openBrowser()
})

t.teardown(async () => {
  await b?.close()
  await server?.stop()
})

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiCall<T>(server.url, method, path, body, token)
const overflow = () => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const row = (name: string) => b.page.locator('[data-testid=integrations-table] tbody tr', { hasText: name })

t.test('setup: a company on the PRO plan, its queue and a sandbox connection offering it', async (t) => {
  await api('POST', '/companies/cadastro', company)
  token = await signIn(b.page, server.url, company.email, company.password)
  ids.queue = (await api<{ id: number }>('POST', '/queue', { name: 'Pedidos', color: '#2f9d5b' })).id
  ids.whatsapp = await sandboxConnection(server.url, token, { queueIds: [ids.queue] })
  t.pass(`queue ${ids.queue}, connection ${ids.whatsapp}`)
})

t.test('the admin adds a webhook on /queue-integration: the spec\'s defaults, the per-type rules, then saved', async (t) => {
  const { page } = b
  await step(b, 'menu-and-empty', async () => {
    await page.click('.zd-sidebar [data-menu-id=queue-integration]')
    await page.waitForURL('**/queue-integration')
    await page.getByText('Nenhuma integração ainda.').waitFor()
  })
  await step(b, 'defaults-and-rules', async () => {
    await page.click('[data-testid=integrations-add]')
    t.equal(await page.inputValue('#integration-type'), 'typebot', 'type typebot')
    t.equal(await page.inputValue('#integration-delay'), '1000', 'typebotDelayMessage 1000')
    t.equal(await page.inputValue('#integration-expires'), '1', 'typebotExpires 1')
    await page.click('[data-testid=integration-save]')
    t.equal(await page.locator('.zd-dialog').getByText('Obrigatório').count(), 3, 'name, URL and slug required for typebot')
    await page.selectOption('#integration-type', 'dialogflow')
    await page.locator('#integration-json').waitFor()
    t.equal(await page.getAttribute('#integration-json', 'rows'), '5', 'the credentials box has 5 rows')
    t.ok(await page.locator('[data-testid=integration-test]').isVisible(), 'Test shows for Dialogflow')
    await page.selectOption('#integration-type', 'webhook')
    t.equal(await page.locator('[data-testid=integration-test]').count(), 0, 'and only for Dialogflow')
  })
  await step(b, 'save', async () => {
    await page.fill('#integration-name', 'Webhook de pedidos')
    await page.fill('#integration-url', `${hook.url}/hook/pedidos`)
    await page.fill('#integration-secret', SECRET)
    await b.screenshot('integrations-dialog')
    await page.click('[data-testid=integration-save]')
    await waitForToast(page, 'Integração adicionada com sucesso!')
    await row('Webhook de pedidos').waitFor()
    await page.locator('.zd-page-count', { hasText: '1 integração' }).waitFor()
  })
  t.equal(await row('Webhook de pedidos').locator('[data-type=webhook]').count(), 1, 'the type\'s logo in the row')
  await step(b, 'search', async () => {
    await page.fill('[data-testid=integrations-search] input, input[data-testid=integrations-search]', 'TYPEBOT')
    await page.getByText('Nenhuma integração encontrada').waitFor()
    await page.fill('[data-testid=integrations-search] input, input[data-testid=integrations-search]', 'pedidos')
    await row('Webhook de pedidos').waitFor()
  })
  await b.screenshot('integrations-list')
  const [saved] = (await api<{ queueIntegrations: Array<{ id: number; hasSecret: boolean }> }>('GET', '/queueIntegration/')).queueIntegrations
  t.match(saved, { hasSecret: true })
  t.notOk(JSON.stringify(saved).includes(SECRET), 'the secret never comes back')
  ids.integration = saved.id
})

t.test('the queue dialog offers the integration; the admin picks it', async (t) => {
  const { page } = b
  await step(b, 'queue-integration', async () => {
    await page.click('.zd-sidebar [data-menu-id=queues]')
    await page.waitForURL('**/queues')
    await page.locator(`[data-testid=queues-table] tr[data-queue-id="${ids.queue}"]`).getByRole('button', { name: 'Editar' }).click()
    await page.locator('#queue-integration').waitFor()
    await page.selectOption('#queue-integration', { label: 'Webhook de pedidos' })
    await b.screenshot('queue-dialog-integration')
    await page.click('[data-testid=queue-save]')
    await page.locator('.zd-dialog').waitFor({ state: 'detached' })
  })
  await until('the queue\'s integration', async () => (await api<{ integrationId: number | null }>('GET', `/queue/${ids.queue}`)).integrationId === ids.integration)
  t.pass('saved')
})

t.test('the connection dialog offers the integration too (its routing tab)', async (t) => {
  const { page } = b
  await step(b, 'connection-integration', async () => {
    await page.click('.zd-sidebar [data-menu-id=connections]')
    await page.waitForURL('**/connections')
    await page.locator('tr', { hasText: 'Loja Sandbox' }).locator('[data-testid=connection-edit]').click()
    await page.locator('.zd-dialog [role=tab]', { hasText: 'Filas e automação' }).click()
    await page.locator('#connection-integration').waitFor()
    t.same(await page.locator('#connection-integration option').allInnerTexts(), ['Nenhuma', 'Webhook de pedidos'], 'none, or the company\'s integration')
    await page.waitForTimeout(400)
    await b.screenshot('connection-dialog-integration')
    await escapeDialog(page)
  })
})

t.test('a customer writes: the receiver gets a signed delivery, its answer reaches the customer, the dialog logs it', async (t) => {
  const { page } = b
  await api('POST', `/sandbox/${ids.whatsapp}/messages`, { ...customer, body: 'Quero saber do pedido 42' })
  const delivery = await until('the delivery', async () => hook.requests[0])
  const expected = createHmac('sha256', SECRET).update(`${delivery.headers['x-zapdesk-timestamp']}.${delivery.body}`).digest('hex')
  t.equal(delivery.headers['x-zapdesk-signature'], `sha256=${expected}`, 'signed with the secret the admin typed')
  t.match(delivery.json, { message: { body: 'Quero saber do pedido 42' }, contact: { number: customer.from } })
  const outbox = () => api<Array<{ body: string | null; to: string }>>('GET', `/sandbox/${ids.whatsapp}/outbox?limit=10`)
  await until('the answer in the sandbox outbox', async () => (await outbox()).some((m) => m.body === 'Recebemos seu pedido, Paulo!' && m.to.includes(customer.from)))
  await step(b, 'delivery-log', async () => {
    await page.click('.zd-sidebar [data-menu-id=queue-integration]')
    await page.waitForURL('**/queue-integration')
    await row('Webhook de pedidos').locator('[data-testid=integration-edit]').click()
    await page.locator('[data-testid=integration-deliveries]').getByText('Entregue').waitFor()
    await page.waitForTimeout(400)
    await b.screenshot('integrations-delivery-log')
    await escapeDialog(page)
  })
})

t.test('at 390 px in pt, en and es the page and its dialog fit and speak the language', async (t) => {
  const { page } = b
  await page.setViewportSize({ width: 390, height: 780 })
  const texts = { pt: { count: '1 integração', url: 'URL do webhook' }, en: { count: '1 integration', url: 'Webhook URL' }, es: { count: '1 integración', url: 'URL del webhook' } }
  for (const [lng, text] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(b, `phone-${lng}`, async () => {
      await page.goto(`${server.url}/queue-integration`)
      await page.locator('.zd-page-count', { hasText: text.count }).waitFor()
      t.ok(await overflow() <= 0, `${lng}: the list fits 390 px`)
      await b.screenshot(`integrations-phone-${lng}`)
      await row('Webhook de pedidos').locator('[data-testid=integration-edit]').click()
      await page.locator('label[for=integration-url]', { hasText: text.url }).waitFor()
      t.ok(await overflow() <= 0, `${lng}: the dialog fits 390 px`)
      await page.waitForTimeout(400)
      await b.screenshot(`integrations-dialog-phone-${lng}`)
      await escapeDialog(page)
    })
  }
})

t.test('at 390 px the typebot form (the default type) with its errors fits', async (t) => {
  const { page } = b
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
  await page.goto(`${server.url}/queue-integration`)
  await step(b, 'phone-typebot', async () => {
    await page.click('[data-testid=integrations-add]')
    await page.click('[data-testid=integration-save]')
    await page.locator('.zd-dialog').getByText('Obrigatório').first().waitFor()
    t.ok(await overflow() <= 0, 'the typebot form fits 390 px')
    await page.waitForTimeout(400)
    await b.screenshot('integrations-typebot-phone')
    await escapeDialog(page)
  })
})

t.test('no console errors along the way', async (t) => {
  t.same(b.errors, [])
})
